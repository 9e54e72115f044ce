/** Types of `layers.config.js` (plain JavaScript: the lint configuration loads it without a compiler). */
export declare const LAYERS: ReadonlyArray<{ name: string; folders: string[]; holds: string }>;
export declare function folderOf(file: string): string;
export declare function layerOf(folder: string): number;
