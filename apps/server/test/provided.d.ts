declare module 'vitest' {
  export interface ProvidedContext {
    /** Which database the server suite runs on in this project. */
    testDatabase:
      | { driver: 'pglite'; templatePath: string }
      | { driver: 'postgres'; adminUrl: string; template: string };
  }
}

export {};
