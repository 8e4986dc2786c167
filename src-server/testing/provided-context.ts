// What the global setup hands to test files through vitest's provide/inject.
declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the `postgres` database of the test run's embedded cluster. */
    pgAdminUrl: string;
  }
}

export {};
