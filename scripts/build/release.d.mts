export declare const SAME_ORIGIN: string;
export declare function releaseVersion(): string;
export declare function release(options: { dist: string; out?: string; version?: string }): {
  archive: string;
  dir: string;
};
