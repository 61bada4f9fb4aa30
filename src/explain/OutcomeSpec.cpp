#include "explain/OutcomeSpec.hpp"

#include "support/Errors.hpp"

#include <cctype>
#include <stdexcept>

namespace ptx::explain {
namespace {

std::string trim(const std::string& s) {
    std::size_t a = 0, b = s.size();
    while (a < b && std::isspace(static_cast<unsigned char>(s[a])))
        ++a;
    while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1])))
        --b;
    return s.substr(a, b - a);
}

bool isName(const std::string& s) {
    if (s.empty() ||
        !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_' || s[0] == '%'))
        return false;
    for (const char ch : s)
        if (!(std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == '%' || ch == '+' ||
              ch == '.'))
            return false;
    return true;
}

Term observable(const std::string& text, const std::string& item) {
    const auto colon = text.find(':');
    if (colon == std::string::npos) {
        if (!isName(text)) throw InputError("--outcome: bad location in '" + item + "'");
        return LocTerm{text};
    }
    std::string thread = trim(text.substr(0, colon));
    std::string reg = trim(text.substr(colon + 1));
    if (!thread.empty() && (thread[0] == 'P' || thread[0] == 'p')) thread.erase(0, 1);
    if (!reg.empty() && reg[0] == '%') reg.erase(0, 1);
    if (thread.empty() || thread.find_first_not_of("0123456789") != std::string::npos ||
        !isName(reg))
        throw InputError("--outcome: bad register in '" + item + "' (write 1:r0)");
    return RegTerm{std::stoi(thread), reg};
}

CondExpr item(const std::string& text) {
    CondCompare c;
    std::size_t op = text.find("!=");
    std::size_t len = 2;
    c.cmp = CmpOp::Ne;
    if (op == std::string::npos) {
        c.cmp = CmpOp::Eq;
        op = text.find("==");
        if (op == std::string::npos) {
            op = text.find('=');
            len = 1;
        }
    }
    if (op == std::string::npos)
        throw InputError("--outcome: expected OBS=VALUE, found '" + text + "'");
    const std::string lhs = trim(text.substr(0, op)), rhs = trim(text.substr(op + len));
    c.lhs = observable(lhs, text);
    try {
        std::size_t used = 0;
        c.rhs = static_cast<std::int64_t>(std::stoll(rhs, &used, 0));
        if (used != rhs.size()) throw InputError("trailing text");
    } catch (const std::exception&) {
        throw InputError("--outcome: bad value in '" + text + "'");
    }
    return CondExpr{c};
}

} // namespace

CondExpr parseOutcome(const std::string& text) {
    CondAnd all;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.size(), next = text.size() + 1;
        for (const std::string sep : {"/\\", ";"}) {
            const std::size_t at = text.find(sep, start);
            if (at != std::string::npos && at < end) {
                end = at;
                next = at + sep.size();
            }
        }
        const std::string part = trim(text.substr(start, end - start));
        if (!part.empty()) all.parts.push_back(item(part));
        start = next;
    }
    if (all.parts.empty()) throw InputError("--outcome: empty outcome");
    return CondExpr{std::move(all)};
}

CondExpr conditionOutcome(const Program& program) {
    if (program.condition.kind == ConditionKind::Forall)
        return CondExpr{CondNot{{program.condition.expr}}};
    return program.condition.expr;
}

} // namespace ptx::explain
