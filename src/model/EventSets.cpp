#include "model/EventSets.hpp"

namespace ptx {

bool belongsTo(const Event& e, EventSet s) {
    const bool read = e.kind == EventKind::Read, write = e.kind == EventKind::Write;
    const bool fence = e.kind == EventKind::Fence;
    const bool strongAccess = (read || write) && !e.isInit && e.sem != Sem::Weak;
    // What carries a scope: strong accesses and fence.sc/fence.acq_rel (not proxy fences).
    const bool scoped =
        strongAccess ||
        (fence && (e.fenceKind == FenceKind::Sc || e.fenceKind == FenceKind::AcqRel));
    switch (s) {
    case EventSet::All:
        return true;
    case EventSet::Memory:
        return read || write;
    case EventSet::Read:
        return read;
    case EventSet::Write:
        return write;
    case EventSet::Init:
        return e.isInit;
    case EventSet::Fence:
        return fence;
    case EventSet::FenceSc:
        return fence && e.sem == Sem::Sc;
    case EventSet::FenceAcqRel:
        return fence && (e.sem == Sem::AcqRel || e.sem == Sem::Sc);
    case EventSet::Barrier:
        return e.kind == EventKind::Barrier;
    case EventSet::Strong:
        return strongAccess || fence;
    case EventSet::StrongRead:
        return read && strongAccess;
    case EventSet::StrongWrite:
        return write && strongAccess;
    case EventSet::AcquireRead:
        return read && e.sem == Sem::Acquire;
    case EventSet::ReleaseWrite:
        return write && e.sem == Sem::Release;
    case EventSet::GenericAccess:
        return (read || write) && e.proxy == Proxy::Generic;
    case EventSet::ProxyFence:
        return fence &&
               (e.fenceKind == FenceKind::ProxySurface || e.fenceKind == FenceKind::ProxyTexture ||
                e.fenceKind == FenceKind::ProxyConstant);
    case EventSet::AliasFence:
        return fence && e.fenceKind == FenceKind::ProxyAlias;
    case EventSet::GenericProxy:
        return e.proxy == Proxy::Generic;
    case EventSet::SurfaceProxy:
        return e.proxy == Proxy::Surface;
    case EventSet::TextureProxy:
        return e.proxy == Proxy::Texture;
    case EventSet::ConstantProxy:
        return e.proxy == Proxy::Constant;
    case EventSet::ScopeCta:
        return scoped && e.scope == Scope::Cta;
    case EventSet::ScopeGpu:
        return scoped && e.scope == Scope::Gpu;
    case EventSet::ScopeSys:
        return scoped && e.scope == Scope::Sys;
    case EventSet::Repeated:
        return e.repeated;
    case EventSet::Infix:
        return e.infix;
    }
    return false;
}

bool scopeIncludes(Scope s, int cta, int gpu, int cta2, int gpu2) {
    switch (s) {
    case Scope::Cta:
        return cta == cta2 && gpu == gpu2;
    case Scope::Gpu:
        return gpu == gpu2;
    case Scope::Sys:
        return true;
    }
    return false;
}

bool sameScope(const Event& a, const Event& b) {
    if (a.isInit || b.isInit) return false;
    return scopeIncludes(a.scope, a.cta, a.gpu, b.cta, b.gpu) &&
           scopeIncludes(b.scope, b.cta, b.gpu, a.cta, a.gpu);
}

} // namespace ptx
