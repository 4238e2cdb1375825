export declare const chromePath: string;
export declare const chromiumArgs: string[];
