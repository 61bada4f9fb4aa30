// What the campaign reader tests share: the message a reader throws, and the data files.
#pragma once

#include "campaign/FormatReaders.hpp"
#include "campaign/ObservationReaders.hpp"

#include <string>
#include <string_view>

namespace campaign_test {

/// The message `read(text, file)` throws, or `(no error)`.
template <typename Reader>
std::string errorOf(Reader read, std::string_view text, const std::string& file) {
    try {
        (void)read(text, file);
    } catch (const ptx::campaign::ObservationError& e) {
        return e.what();
    }
    return "(no error)";
}

/// readObservations with the default options (a reader for errorOf).
inline ptx::campaign::ObservationFile readAny(std::string_view text, const std::string& file) {
    return ptx::campaign::readObservations(text, file);
}

/// A file of tests/campaign/data/.
inline std::string dataFile(const std::string& name) {
    return std::string(CAMPAIGN_TEST_DIR) + "/data/" + name;
}

} // namespace campaign_test
