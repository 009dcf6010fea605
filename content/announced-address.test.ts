import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  localApiAddressFile,
  readLocalApiAddress,
  writeLocalApiAddress,
} from './local-api-address';
import {
  readSiteAddress,
  removeSiteAddress,
  siteAddressFile,
  writeSiteAddress,
} from './site-address';

let dir: string;
let store: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'announced-'));
  store = path.join(dir, 'production.ndjson');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('announced addresses', () => {
  it('reads what a live process wrote, and nothing once it is removed', async () => {
    await writeSiteAddress(store, { url: 'http://localhost:3001', pid: process.pid });
    expect(await readSiteAddress(store)).toEqual({
      url: 'http://localhost:3001',
      pid: process.pid,
    });
    await removeSiteAddress(store, process.pid + 1);
    expect(await readSiteAddress(store)).toBeDefined();
    await removeSiteAddress(store, process.pid);
    expect(await readSiteAddress(store)).toBeUndefined();
  });

  it('ignores a file a killed process left', async () => {
    // Process ids are below 2^22 on Linux: this one runs nowhere.
    await writeSiteAddress(store, { url: 'http://localhost:3001', pid: 2 ** 22 + 7 });
    expect(await readSiteAddress(store)).toBeUndefined();
  });

  it('names the file and what is wrong in it', async () => {
    await writeFile(siteAddressFile(store), '{"url":"not a url"}');
    await expect(readSiteAddress(store)).rejects.toThrow(
      `${siteAddressFile(store)}: url, pid missing or malformed; delete it and restart npm start`,
    );
    await writeFile(localApiAddressFile(store), '{');
    await expect(readLocalApiAddress(store)).rejects.toThrow(
      `${localApiAddressFile(store)}: not JSON; delete it and restart npm run studio`,
    );
    await writeFile(localApiAddressFile(store), JSON.stringify({ url: 'https://x', pid: 1 }));
    await expect(readLocalApiAddress(store)).rejects.toThrow(
      'projectId, dataset, authority missing or malformed',
    );
  });

  it("keeps the local API's file, which holds its token, private", async () => {
    const address = {
      url: 'https://127.0.0.1:3334',
      projectId: 'local',
      dataset: 'production',
      authority: 'PEM',
      token: 'secret',
      pid: process.pid,
    };
    await writeLocalApiAddress(store, address);
    expect((await stat(localApiAddressFile(store))).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(localApiAddressFile(store), 'utf8'))).toEqual(address);
  });
});
