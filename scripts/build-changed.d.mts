// Types of build-changed.mjs, for the TypeScript that imports it (the benchmarks' build check, its test).

/** Where a package's last built input hash is kept (relative to the package). */
export const HASH_FILE: string;

/** A workspace package: its folder, name, the workspace packages it depends on, whether it builds. */
export interface WorkspacePackage {
  dir: string;
  name: string;
  deps: string[];
  hasBuild: boolean;
}

/** The workspace packages in build order. */
export function workspacePackages(root: string): WorkspacePackage[];

/** The input hash of every package, by name. */
export function inputHashes(root: string): Map<string, string>;

/** The packages whose dist is missing or was built from other inputs, in build order. */
export function stalePackages(root: string): (WorkspacePackage & { hash: string })[];

/** Builds the stale packages in order; answers the names built. */
export function buildChanged(
  root: string,
  options?: {
    log?: (line: string) => void;
    run?: (root: string, dir: string) => boolean;
    only?: (name: string) => boolean;
  },
): string[];
