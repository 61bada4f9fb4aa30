// What the SMT engine does with its terms when a stop (Ctrl-C, SIGTERM) interrupts it. A stop
// ends the process, and freeing gigabytes of Z3 terms one by one takes about a second per
// gigabyte: the exit would wait that long. So on a stop the engine abandons them instead: the
// objects move to the heap and are never freed, and the operating system reclaims the memory
// at exit. Never used for a time limit, after which the process goes on to the next test.
#pragma once

#include <memory>
#include <utility>

namespace ptx::smt {

/// Moves `value` to the heap and never frees it.
template <class T> void abandon(T& value) {
    static_cast<void>(new T(std::move(value)));
}

/// Never frees what `owner` holds.
template <class T> void abandon(std::unique_ptr<T>& owner) {
    static_cast<void>(owner.release());
}

} // namespace ptx::smt
