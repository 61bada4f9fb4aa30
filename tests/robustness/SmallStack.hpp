// Runs a function on a thread with a small stack, for unit tests of "no recursion as deep as the
// input": a search or evaluation that recursed once per instruction, pair or operand overflows
// such a stack (the test process dies with SIGSEGV) where an iterative one does not.
#pragma once

#include <exception>
#include <functional>
#include <pthread.h>
#include <stdexcept>

namespace ptx::test {

inline void runOnSmallStack(const std::function<void()>& f, std::size_t stackBytes = 256 * 1024) {
    struct Job {
        const std::function<void()>* f;
        std::exception_ptr error;
    } job{&f, nullptr};
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, stackBytes);
    pthread_t thread;
    const int rc = pthread_create(
        &thread, &attr,
        [](void* p) -> void* {
            auto* j = static_cast<Job*>(p);
            try {
                (*j->f)();
            } catch (...) {
                j->error = std::current_exception();
            }
            return nullptr;
        },
        &job);
    pthread_attr_destroy(&attr);
    if (rc != 0) throw std::runtime_error("runOnSmallStack: pthread_create failed");
    pthread_join(thread, nullptr);
    if (job.error) std::rethrow_exception(job.error);
}

} // namespace ptx::test
