export declare function prodBuildEnv(apiUrl: string): Record<string, string>;
