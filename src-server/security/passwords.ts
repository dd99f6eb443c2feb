import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt cost parameters; `cost` is N, a power of two. */
export interface ScryptParams {
  cost: number;
  blockSize: number;
  parallelization: number;
}

/** OWASP Password Storage Cheat Sheet: N=2^17, r=8, p=1 (128 MiB per hash). */
export const OWASP_SCRYPT: ScryptParams = { cost: 2 ** 17, blockSize: 8, parallelization: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 32;
// At most this many hashes at once: each one takes 128 MiB and a thread of libuv's pool.
const MAX_CONCURRENT = 2;

/** Derives a key from a password: scrypt, or in tests a function that watches it run. */
export type DeriveKey = (password: string, salt: Buffer, params: ScryptParams) => Promise<Buffer>;

export const scryptKey: DeriveKey = (password, salt, params) => {
  const options: ScryptOptions = {
    N: params.cost,
    r: params.blockSize,
    p: params.parallelization,
    // scrypt needs 128 * N * r bytes; Node refuses more than 32 MiB unless told.
    maxmem: 256 * params.cost * params.blockSize,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
};

/** `$scrypt$ln=17,r=8,p=1$<salt>$<hash>` (PHC string format, base64 without padding). */
function encode(params: ScryptParams, salt: Buffer, key: Buffer): string {
  const ln = Math.log2(params.cost);
  return `$scrypt$ln=${ln},r=${params.blockSize},p=${params.parallelization}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

function decode(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const match = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,3}),p=(\d{1,3})\$([\w-]+)\$([\w-]+)$/.exec(stored);
  if (!match) return null;
  const [, ln, r, p, salt, key] = match;
  return {
    params: { cost: 2 ** Number(ln), blockSize: Number(r), parallelization: Number(p) },
    salt: Buffer.from(salt ?? '', 'base64url'),
    key: Buffer.from(key ?? '', 'base64url'),
  };
}

/**
 * Hashes and checks passwords with scrypt, a few at a time so that a burst of sign-in
 * attempts queues instead of eating the machine's memory.
 */
export class PasswordHasher {
  readonly params: ScryptParams;
  readonly #derive: DeriveKey;
  #running = 0;
  readonly #waiting: (() => void)[] = [];
  #dummyHash: Promise<string> | undefined;

  constructor(params: ScryptParams = OWASP_SCRYPT, derive: DeriveKey = scryptKey) {
    this.params = params;
    this.#derive = derive;
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_BYTES);
    const key = await this.#limited(() => this.#derive(password, salt, this.params));
    return encode(this.params, salt, key);
  }

  /**
   * True when `password` matches `stored`; false for a wrong password or a malformed hash.
   * `first`: goes ahead of the checks already waiting.
   */
  async verify(password: string, stored: string, first = false): Promise<boolean> {
    const decoded = decode(stored);
    if (!decoded) return false;
    const key = await this.#limited(
      () => this.#derive(password, decoded.salt, decoded.params),
      first,
    );
    return key.length === decoded.key.length && timingSafeEqual(key, decoded.key);
  }

  /**
   * Checks a password against a hash of a random password, with the same parameters: an
   * unknown e-mail then costs as much time as a wrong password. Always false.
   */
  async verifyAgainstDummy(password: string): Promise<false> {
    this.#dummyHash ??= this.hash(randomBytes(32).toString('base64url'));
    await this.verify(password, await this.#dummyHash);
    return false;
  }

  /** Computes the dummy hash ahead of the first unknown e-mail, so it costs no extra time. */
  async warmUp(): Promise<void> {
    this.#dummyHash ??= this.hash(randomBytes(32).toString('base64url'));
    await this.#dummyHash;
  }

  /** True when `stored` was made with other parameters than the current ones. */
  needsRehash(stored: string): boolean {
    const decoded = decode(stored);
    if (!decoded) return true;
    const { cost, blockSize, parallelization } = decoded.params;
    return (
      cost !== this.params.cost ||
      blockSize !== this.params.blockSize ||
      parallelization !== this.params.parallelization
    );
  }

  async #limited<T>(work: () => Promise<T>, first = false): Promise<T> {
    // One slot more is kept for the checks that go first (the owner's own device), so that
    // they never wait for a guess already being hashed.
    if (this.#running < MAX_CONCURRENT + (first ? 1 : 0)) {
      this.#running += 1;
    } else {
      // Wait for a finishing check to hand its slot over.
      await new Promise<void>((resolve) =>
        first ? this.#waiting.unshift(resolve) : this.#waiting.push(resolve),
      );
    }
    try {
      return await work();
    } finally {
      // A slot over the usual limit is not handed to a waiting guess.
      const next = this.#running <= MAX_CONCURRENT ? this.#waiting.shift() : undefined;
      if (next) next();
      else this.#running -= 1;
    }
  }
}
