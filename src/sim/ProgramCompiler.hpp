// Internal to src/sim: the compiler behind compileProgram (SimProgram.hpp), which builds the
// tables while walking the IR. Its parts: the whole run, barrier quorums and the state spaces
// (SimProgram.cpp); numbering the locations and aliases (CompileLocations.cpp); compiling each
// thread's instructions and their trace text (CompileInstructions.cpp).
#pragma once

#include "sim/SimProgram.hpp"

#include <map>
#include <set>
#include <string>

namespace ptx::sim {

/// Builds the tables while walking the IR.
class Compiler {
  public:
    Compiler(const Program& p, bool everyLocationShared)
        : p_(p), everyLocationShared_(everyLocationShared) {}

    SimProgram run();

  private:
    // ---- locations (CompileLocations.cpp) ----
    /// A name in a condition, a `locations` list or an alias declaration: an alias or a variable.
    int named(const std::string& name);
    /// The location an alias names: a generic alias is a virtual address of its own for its
    /// target's physical location; a texture, surface or constant alias is its target's address
    /// seen through that proxy.
    int aliasLocation(const std::string& name);
    void refuseAlias(const std::string& name, const char* what) const;
    int baseIndex(const std::string& name);
    int location(const std::string& base, std::int64_t offset);
    std::int64_t initValue(const InitValue& v);
    void collectAddress(const Address& a);
    void collectOperand(const Operand& o);
    /// The locations an instruction's operands name (`&x`); its addresses: forEachElementAddress.
    void collectOperands(const Instruction& ins);
    void collectCondLocations(const CondExpr& e);

    // ---- instructions (CompileInstructions.cpp) ----
    int reg(SimThread& t, const std::string& name);
    Src src(SimThread& t, const Operand& o, SimInstr& ins);
    AddrRef addr(SimThread& t, const Address& a, SimInstr& ins);
    SimThread compileThread(const Thread& th);
    SimInstr compileInstr(SimThread& t, const Instruction& ins,
                          const std::map<std::string, int>& labels);
    /// Marks the program as using proxies and the variable an access through one reaches.
    void noteProxy(const SimInstr& s);

    // ---- barriers (SimProgram.cpp) ----
    /// A barrier without a count waits for the threads of its CTA whose code holds a barrier
    /// with the same instance (and the same constant id, or a register id), unless they ended.
    void computeQuorums();

    const Program& p_;
    SimProgram out_;
    std::map<std::string, const AliasDecl*> aliasDecls_;
    std::map<std::string, int> aliasLocs_; // alias name -> its location (virtual address)
    std::set<int> aliasedPhys_;            // physical locations with a generic alias
    std::set<int> proxiedBases_;           // variables reached through a non-generic proxy
    std::map<std::string, int> bases_;
    bool everyLocationShared_ = false;
    std::set<int> sharedBases_; // variables in the .shared state space
};

} // namespace ptx::sim
