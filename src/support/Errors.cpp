#include "support/Errors.hpp"

#include <csignal>
#include <cstring>

namespace ptx {
namespace {

std::string signalText(int signal) {
    switch (signal) {
    case SIGINT:
        return "interrupted (SIGINT)";
    case SIGTERM:
        return "terminated (SIGTERM)";
    case SIGHUP:
        return "hung up (SIGHUP)";
    default:
        return "stopped by signal " + std::to_string(signal);
    }
}

} // namespace

Interrupted::Interrupted(int signal) : std::runtime_error(signalText(signal)), signal_(signal) {}

int interruptedExitCode(int signal) {
    return 128 + signal;
}

} // namespace ptx
