#include "serve/RunLimits.hpp"

#include <csignal>
#include <functional>

namespace ptx::serve {

RunSlot::RunSlot(RunRegistry& registry, std::string id, double seconds, const StopToken& server)
    : registry_(registry), id_(std::move(id)), seconds_(seconds),
      source_(std::make_shared<StopSource>()) {
    // The server's stop (a signal) stops every run, with the signal that asked for it.
    serverStop_ = std::make_unique<std::stop_callback<std::function<void()>>>(
        server.native(), std::function<void()>(
                             [source = source_, server] { source->requestStop(server.signal()); }));
}

RunSlot::~RunSlot() {
    serverStop_.reset();
    registry_.finished(id_);
}

RunRegistry::RunRegistry(RunLimits limits, StopToken server)
    : limits_(limits), server_(std::move(server)) {}

std::unique_ptr<RunSlot> RunRegistry::start(const std::string& id,
                                            std::optional<double> requestedSeconds) {
    double seconds = limits_.timeoutSeconds;
    if (requestedSeconds && *requestedSeconds > 0 && *requestedSeconds < seconds)
        seconds = *requestedSeconds;
    std::unique_ptr<RunSlot> slot;
    {
        const std::lock_guard lock(mutex_);
        if (running_ >= limits_.maxConcurrentRuns) return nullptr;
        if (!id.empty() && cancellable_.count(id) > 0)
            throw InputError("a run with id '" + id + "' is already going on");
        slot.reset(new RunSlot(*this, id, seconds, server_));
        ++running_;
        if (!id.empty()) cancellable_[id] = slot->source_;
    }
    return slot;
}

bool RunRegistry::cancel(const std::string& id) {
    std::shared_ptr<StopSource> source;
    {
        const std::lock_guard lock(mutex_);
        const auto it = cancellable_.find(id);
        if (it == cancellable_.end()) return false;
        source = it->second;
    }
    source->requestStop(SIGINT); // what Ctrl-C does to the same command on the command line
    return true;
}

void RunRegistry::finished(const std::string& id) {
    const std::lock_guard lock(mutex_);
    --running_;
    if (!id.empty()) cancellable_.erase(id);
}

} // namespace ptx::serve
