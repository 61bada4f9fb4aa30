// The stress family of bench/herd7/stress in the PTX dialect: `threads` threads, each in its own
// CTA, storing x and y (thread t writes t + 1), then loading x, fence.sc.gpu, loading y. With
// witnesses counted it has many witnesses per outcome (3 threads: 6,561 of 27 outcomes).
#pragma once

#include <string>

namespace ptx::test {

inline std::string stressTest(int threads, const std::string& condition) {
    std::string text = "PTX stress-" + std::to_string(threads) + "\n{ x=0; y=0; }\n";
    for (int t = 0; t < threads; ++t)
        text += std::string(t ? " | " : " ") + "P" + std::to_string(t) + "@cta " +
                std::to_string(t) + ",gpu 0";
    text += " ;\n";
    for (const char* row : {"st.relaxed.gpu x, V", "st.relaxed.gpu y, V", "ld.relaxed.gpu r0, x",
                            "fence.sc.gpu", "ld.relaxed.gpu r1, y"}) {
        for (int t = 0; t < threads; ++t) {
            std::string cell = row;
            if (const auto v = cell.find('V'); v != std::string::npos)
                cell.replace(v, 1, std::to_string(t + 1));
            text += (t ? " | " : " ") + cell;
        }
        text += " ;\n";
    }
    return text + condition + "\n";
}

} // namespace ptx::test
