// @fastify/rate-limit's two stores, which it ships without types (used by rate-limit-store.ts).
declare module '@fastify/rate-limit/store/*.js' {
  import type { Store } from './rate-limit-store.ts';

  const StoreClass: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    ...rest: unknown[]
  ) => Store;
  export default StoreClass;
}
