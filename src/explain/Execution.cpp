#include "explain/Execution.hpp"

#include "model/Names.hpp"

namespace ptx::explain {

std::string eventName(const Execution& x, int event) {
    const Event& e = x.candidate.events.at(static_cast<std::size_t>(event));
    if (e.isInit) return "i" + x.candidate.locations.at(static_cast<std::size_t>(e.location));
    int k = 0; // index among thread events
    for (const Event& o : x.candidate.events)
        if (!o.isInit && o.id < event) ++k;
    std::string name;
    do {
        name.insert(name.begin(), static_cast<char>('a' + k % 26));
        k = k / 26 - 1;
    } while (k >= 0);
    return name;
}

std::string eventLabel(const Execution& x, int event) {
    const Event& e = x.candidate.events.at(static_cast<std::size_t>(event));
    std::string text = e.text;
    if (e.isInit)
        text = std::string("W ").append(
            x.candidate.locations.at(static_cast<std::size_t>(e.location)));
    if (isMemory(e)) {
        text += '=';
        text += std::to_string(x.chosen.eventValue.at(static_cast<std::size_t>(event)));
        if (e.proxy && *e.proxy != Proxy::Generic)
            text += std::string(" via ") + proxyName(*e.proxy);
    }
    return text;
}

std::string eventText(const Execution& x, int event) {
    const Event& e = x.candidate.events.at(static_cast<std::size_t>(event));
    std::string text = eventName(x, event) + ": " + eventLabel(x, event);
    text += e.isInit ? " (init)" : " (P" + std::to_string(e.thread) + ")";
    return text;
}

} // namespace ptx::explain
