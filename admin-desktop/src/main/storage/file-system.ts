import type fsPromises from 'node:fs/promises';

/** The slice of node:fs/promises the main process uses; tests pass a wrapper that fails on cue. */
export type FileSystem = Pick<typeof fsPromises, 'readFile' | 'writeFile' | 'rename' | 'unlink' | 'mkdir' | 'rm' | 'readdir'>;
