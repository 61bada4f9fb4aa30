#include "serve/TestRequest.hpp"

#include "model/MemoryModel.hpp"
#include "serve/ServedFolders.hpp"
#include "support/Errors.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace ptx::serve {
namespace {

using nlohmann::json;

void readString(const json& body, const char* key, std::string& into) {
    if (!body.contains(key)) return;
    if (!body.at(key).is_string())
        throw InputError(std::string("request: '") + key + "' must be a string");
    into = body.at(key).get<std::string>();
}

std::uint64_t readCount(const json& body, const char* key, std::uint64_t min, std::uint64_t max,
                        std::uint64_t fallback) {
    if (!body.contains(key)) return fallback;
    const json& v = body.at(key);
    if (!v.is_number_unsigned() || v.get<std::uint64_t>() < min || v.get<std::uint64_t>() > max)
        throw InputError(std::string("request: '") + key + "' must be a whole number from " +
                         std::to_string(min) + " to " + std::to_string(max));
    return v.get<std::uint64_t>();
}

/// A GPU's name, as reports print it: at most 64 characters, none of them a control character.
void readGpu(const json& body, std::string& into) {
    readString(body, "gpu", into);
    if (into.size() > 64 || std::any_of(into.begin(), into.end(), [](char c) {
            return std::iscntrl(static_cast<unsigned char>(c));
        }))
        throw InputError("request: 'gpu' must be a name of at most 64 characters, no control "
                         "characters");
}

} // namespace

TestRequest TestRequest::fromJson(const json& body) {
    if (!body.is_object()) throw InputError("request: expected a JSON object");
    TestRequest r;
    if (body.contains("text")) {
        r.text.emplace();
        readString(body, "text", *r.text);
    }
    readString(body, "folder", r.folder);
    readString(body, "name", r.name);
    if (r.name.empty()) r.name = "test.litmus";
    readString(body, "model", r.model);
    if (!modelKindNamed(r.model)) {
        std::string names;
        for (const std::string& n : modelKindNames())
            names += (names.empty() ? "" : ", ") + n;
        throw InputError("request: 'model' must be one of " + names +
                         " (a cat model goes in "
                         "'cat')");
    }
    readString(body, "cat", r.cat);
    readString(body, "engine", r.engine);
    if (r.engine != "auto" && r.engine != "explicit" && r.engine != "smt")
        throw InputError("request: 'engine' must be auto, explicit or smt");
    r.unroll = static_cast<int>(readCount(body, "unroll", 0, 64, 2));
    if (body.contains("timeout")) {
        const json& t = body.at("timeout");
        if (!t.is_number() || !std::isfinite(t.get<double>()) || t.get<double>() <= 0)
            throw InputError("request: 'timeout' must be a number of seconds > 0");
        r.timeout = t.get<double>();
    }
    readString(body, "run_id", r.runId);
    if (r.runId.size() > 64) throw InputError("request: 'run_id' is longer than 64 characters");
    readString(body, "outcome", r.outcome);
    readString(body, "show", r.show);
    if (r.show != "all" && r.show != "witness")
        throw InputError("request: 'show' must be all or witness");
    r.way = readCount(body, "way", 1, 1000, 1);
    if (body.contains("observed")) {
        const json& files = body.at("observed");
        if (!files.is_array() || files.size() > 64)
            throw InputError("request: 'observed' must be a list of at most 64 files");
        for (const json& f : files) {
            if (!f.is_object()) throw InputError("request: each 'observed' file is {name, text}");
            Upload u;
            readString(f, "name", u.name);
            readString(f, "text", u.text);
            readGpu(f, u.gpu);
            if (u.name.empty()) u.name = "observed-" + std::to_string(r.observed.size() + 1);
            r.observed.push_back(std::move(u));
        }
    }
    readGpu(body, r.gpu);
    r.runs = readCount(body, "runs", 0, 10000000, 0);
    r.seed = readCount(body, "seed", 0, UINT64_MAX, 1);
    return r;
}

const std::string& TestRequest::test() const {
    if (!text) throw InputError("request: 'text' (the litmus test) is missing");
    return *text;
}

cli::CheckFlags TestRequest::flags(const ServedFolders& folders, double seconds) const {
    cli::CheckFlags f;
    f.model = model;
    if (!cat.empty()) f.cat = folders.resolve(cat).string();
    f.engine = engine;
    f.unroll = unroll;
    f.timeout = seconds;
    f.jobs = 1;
    return f;
}

} // namespace ptx::serve
