import { readFileSync, realpathSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import lockfile from 'proper-lockfile';

/**
 * One process per embedded database folder. PGlite has no lock of its own: a second process on the same folder
 * sees only its own writes, hands out ids twice and leaves duplicate keys behind after a restart. So the folder
 * is locked before PGlite opens it and stays locked until the database closes.
 *
 * The lock is proper-lockfile's: a directory `<folder>.lock` made with mkdir (atomic), whose mtime the holder
 * refreshes every `staleMs / 2`; a lock left unrefreshed for `staleMs` is stale and taken over. Beside it,
 * `<folder>.lock.owner` names the holder (pid and host), so a refusal can name the process to stop, and a lock
 * whose holder is no longer alive on this host (SIGKILL, crash) is taken over at once instead of after
 * `staleMs`.
 */

/**
 * How long a lock nobody refreshes keeps others out, when its holder's pid cannot settle it (a holder on another
 * host, or a pid reused since). Well above the longest stretch PGlite blocks the event loop, and with it the
 * refresh (its first start runs initdb on the main thread: 10 s and more on a busy machine), so a live holder
 * is never taken for a dead one.
 */
const DEFAULT_STALE_MS = 60_000;
/** How long a refusal waits for a holder that has just taken the lock to name itself. */
const OWNER_WAIT_MS = 1000;

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';

  constructor(
    readonly folderName: string,
    readonly holderPid: number | undefined,
  ) {
    super(
      `The database in ${folderName} is in use by another OpenLFG process` +
        `${holderPid === undefined ? '' : ` (pid ${holderPid})`}. Stop it, or set DATABASE_URL.`,
    );
  }
}

export interface DataDirLockOptions {
  /** How refusals name the folder: DATA_DIR as the operator wrote it. Defaults to the folder's path. */
  folderName?: string;
  staleMs?: number;
  /** Called once when another process has taken the lock over. Defaults to a fatal line and exit 1. */
  onLost?: (error: Error) => void;
}

export interface DataDirLock {
  /** Gives the folder back; harmless after the lock was lost. */
  release(): Promise<void>;
}

interface Owner {
  pid: number;
  hostname: string;
}

/** Folders this process holds: a second open of one of them is refused even though the owner's pid is ours. */
const heldHere = new Set<string>();

/** Takes the folder's lock (the folder must exist), or throws DataDirInUseError naming the holder. */
export async function lockDataDir(folder: string, options: DataDirLockOptions = {}): Promise<DataDirLock> {
  const canonical = realpathSync(folder);
  const ownerFile = `${canonical}.lock.owner`;
  const folderName = options.folderName ?? folder;
  const onLost = options.onLost ?? ((error: Error) => exitOnLostLock(folderName, error));
  const removeOwnerFile = (): void => {
    if (readOwner(ownerFile)?.pid === process.pid) rmSync(ownerFile, { force: true });
  };

  // proper-lockfile keeps one lock per path and process, and could find this process's own lock stale.
  if (heldHere.has(canonical)) throw new DataDirInUseError(folderName, process.pid);

  let release: (() => Promise<void>) | undefined;
  // Twice at most: a holder found dead on the way is taken over, then the lock is tried again.
  for (let attempt = 0; attempt < 2 && !release; attempt++) {
    takeOverIfHolderDied(canonical, ownerFile);
    try {
      release = await lockfile.lock(canonical, {
        stale: options.staleMs ?? DEFAULT_STALE_MS,
        realpath: false,
        onCompromised: (error) => {
          heldHere.delete(canonical);
          process.off('exit', removeOwnerFile);
          onLost(error);
        },
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      const owner = await waitForOwner(ownerFile);
      if (attempt === 0 && owner && holderIsGone(canonical, owner)) continue;
      throw new DataDirInUseError(folderName, owner?.pid);
    }
  }
  if (!release) throw new DataDirInUseError(folderName, readOwner(ownerFile)?.pid);

  heldHere.add(canonical);
  // Written to a temporary name, then renamed: a reader sees no owner or the whole owner, never half of one.
  const temporary = `${ownerFile}.${process.pid}`;
  writeFileSync(temporary, JSON.stringify({ pid: process.pid, hostname: hostname() } satisfies Owner));
  renameSync(temporary, ownerFile);
  // proper-lockfile removes the lock directory when the process exits however it exits; the owner file goes
  // with it, so it never outlives its lock.
  process.on('exit', removeOwnerFile);

  const releaseLock = release;
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      process.off('exit', removeOwnerFile);
      if (!heldHere.delete(canonical)) return; // lost: the lock and the owner file are someone else's now
      // The owner file first: an owner file without its lock is harmless (no lock to take over), whereas a
      // lock without its owner file would only be waited out.
      removeOwnerFile();
      await releaseLock();
    },
  };
}

/**
 * The holder went away without releasing (SIGKILL, crash, power loss): its lock is removed so this process can
 * take it without waiting out `staleMs`. The owner file is claimed by renaming it to a name of this process's
 * own, so of several processes starting together exactly one removes the dead holder's lock; a claimed file
 * that turns out to name a live holder is put back. proper-lockfile's own takeover of a stale lock has a
 * narrower race of the same kind (two processes removing a lock at once), which its compromise check catches.
 */
function takeOverIfHolderDied(canonical: string, ownerFile: string): void {
  const owner = readOwner(ownerFile);
  if (!owner || !holderIsGone(canonical, owner)) return;
  const claimed = `${ownerFile}.claimed-by-${process.pid}`;
  try {
    renameSync(ownerFile, claimed);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // another process claimed it first
    throw error;
  }
  const claimedOwner = readOwner(claimed);
  if (claimedOwner && !holderIsGone(canonical, claimedOwner)) {
    renameSync(claimed, ownerFile); // a live holder took the lock meanwhile: its file goes back
    return;
  }
  rmSync(claimed, { force: true });
  try {
    rmdirSync(`${canonical}.lock`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Only a pid on this host can be checked. Our own pid counts as gone unless this process holds the folder:
 * in a container every start may get the same low pid the previous, killed, start had.
 */
function holderIsGone(canonical: string, owner: Owner): boolean {
  if (owner.hostname !== hostname()) return false;
  if (owner.pid === process.pid) return !heldHere.has(canonical);
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code !== 'EPERM';
  }
}

function readOwner(file: string): Owner | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'pid' in parsed &&
      'hostname' in parsed &&
      Number.isInteger(parsed.pid) &&
      typeof parsed.hostname === 'string'
    ) {
      return { pid: parsed.pid as number, hostname: parsed.hostname };
    }
  } catch {
    // Missing or unreadable: no owner named.
  }
  return undefined;
}

/** A holder names itself just after taking the lock; a refusal waits briefly for the name. */
async function waitForOwner(file: string): Promise<Owner | undefined> {
  const deadline = Date.now() + OWNER_WAIT_MS;
  for (;;) {
    const owner = readOwner(file);
    if (owner || Date.now() > deadline) return owner;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The lock was taken over: this process was frozen or its disk stalled past `staleMs`, and another process now
 * believes it owns the folder and may be writing it. Any further write from here, even closing PGlite (which
 * flushes), could corrupt the database, and requests cannot be served without writing. So the process stops
 * at once, without closing anything, and a supervisor sees a failure.
 */
function exitOnLostLock(folderName: string, error: Error): never {
  console.error(
    `The database in ${folderName} was taken over by another process (${error.message}): stopping at once.`,
  );
  process.exit(1);
}
