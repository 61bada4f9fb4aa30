#include "cli/GenOutput.hpp"

#include "cli/ProgressDisplay.hpp"
#include "support/AtomicFile.hpp"
#include "support/Errors.hpp"
#include "support/InputFile.hpp"

#include <filesystem>
#include <iostream>
#include <stdexcept>

namespace ptx::cli {
namespace {

/// Writes `text` to `path` (atomically, every write checked) unless the file already holds
/// exactly that.
void writeIfChanged(const std::filesystem::path& path, const std::string& text) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(path, ec)) {
        try {
            if (readInputFile(path.string(), "generated test", Deadline()) == text) return;
        } catch (const InputError&) {
            // Unreadable: rewritten below, where a failure says why.
        }
    }
    createDirectories(path.parent_path());
    writeFileAtomically(path, text);
}

} // namespace

void TestOutput::write(const GenOutput& t) {
    const auto [it, fresh] =
        names_.emplace(fingerprint(t.folder + "/" + t.name), fingerprint(t.text));
    if (!fresh) {
        if (it->second == fingerprint(t.text)) return; // the same test again: written once
        throw std::logic_error("gen: two different tests are both named " + t.name);
    }
    if (dir_.empty()) {
        std::cout << (count_ == 0 ? "" : "\n") << t.text;
    } else {
        std::filesystem::path dir(dir_);
        if (!t.folder.empty()) dir /= t.folder;
        const auto path = dir / (t.name + ".litmus");
        writeIfChanged(path, t.text);
        std::cout << path.string() << "\n";
        if (keepPaths_) paths_.push_back(path.string());
    }
    ++count_;
}

SearchProgress::SearchProgress()
    : terminal_(stderrIsTerminal()), start_(std::chrono::steady_clock::now()) {}

void SearchProgress::show(std::size_t cycles, std::size_t sequences, std::size_t tests) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (!terminal_ || seconds < 1) return;
    std::cerr << "\rgen: " << cycles << " cycles, " << tests << " tests, " << sequences
              << " edge sequences tried, " << static_cast<int>(seconds) << " s" << std::flush;
    drawn_ = true;
}

void SearchProgress::erase() {
    if (drawn_) std::cerr << "\r\033[K" << std::flush;
    drawn_ = false;
}

} // namespace ptx::cli
