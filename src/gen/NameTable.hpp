// A table of an enum's values and their command-line names, and the three things gen does with
// one: a value's name, the value of a name (an InputError listing the names otherwise), every
// value in the table's order.
#pragma once

#include "support/Errors.hpp"

#include <array>
#include <string>
#include <utility>
#include <vector>

namespace ptx::gen {

template <class E, std::size_t N> using NameTable = std::array<std::pair<E, const char*>, N>;

template <class E, std::size_t N> std::string nameIn(const NameTable<E, N>& table, E v) {
    for (const auto& [value, text] : table)
        if (value == v) return text;
    return "?";
}

/// `what` says what was asked for, in the error: "unknown <what> `s` (known: ...)".
template <class E, std::size_t N>
E parseIn(const NameTable<E, N>& table, const std::string& s, const char* what) {
    std::string known;
    for (const auto& [value, text] : table) {
        if (s == text) return value;
        known += (known.empty() ? "" : " ") + std::string(text);
    }
    throw InputError("unknown " + std::string(what) + " `" + s + "` (known: " + known + ")");
}

template <class E, std::size_t N> std::vector<E> valuesIn(const NameTable<E, N>& table) {
    std::vector<E> out;
    for (const auto& entry : table)
        out.push_back(entry.first);
    return out;
}

} // namespace ptx::gen
