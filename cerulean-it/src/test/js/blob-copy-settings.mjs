// What Copy Blob sets on its destination, through the JavaScript Blob SDK (@azure/storage-blob),
// against a running Cerulean server that copies sources over 256 KiB in the background and takes a
// few seconds to rehydrate an archived blob.
//
//   node blob-copy-settings.mjs "<connection string with AccountName, AccountKey and BlobEndpoint>"
//
// Tags, tier and seal named on a copy in the background are the destination's once it has succeeded;
// a copy of an archived blob is refused without an online tier (409 BlobArchived) and rehydrates the
// destination with one; a premium page blob tier is 400 InvalidHeaderValue. Retries are off, so every
// error is seen as the server sent it. Prints one line per step and `COPY SETTINGS OK` at the end;
// exits non-zero if a step failed.

import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { BlobSASPermissions, BlobServiceClient } from "@azure/storage-blob";
import { args, expectRestError, steps, unique } from "./harness.mjs";

const [connectionString] = args("blob-copy-settings.mjs", "connection string");

const service = BlobServiceClient.fromConnectionString(connectionString, { retryOptions: { maxTries: 1 } });
const suffix = unique("");
const container = service.getContainerClient(`jscopyset-${suffix}`);
const large = randomBytes(1024 * 1024);
const { step, run } = steps("COPY SETTINGS");

async function download(blob) {
  const response = await blob.download();
  const chunks = [];
  for await (const chunk of response.readableStreamBody) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function main() {
  await container.create();

  await step("a copy in the background takes its tags, tier and seal as it completes", async () => {
    const source = container.getBlockBlobClient("large.bin");
    await source.upload(large, large.length);
    const target = container.getBlobClient("copy.bin");
    const poller = await target.beginCopyFromURL(source.url, {
      tags: { run: suffix, kind: "copy" }, tier: "Cool", intervalInMs: 100,
    });
    const done = await poller.pollUntilDone();
    assert.equal(done.copyStatus, "success");
    const properties = await target.getProperties();
    assert.equal(properties.accessTier, "Cool");
    assert.equal(properties.tagCount, 2);
    assert.deepEqual((await target.getTags()).tags, { kind: "copy", run: suffix });
    const found = [];
    for await (const item of container.findBlobsByTags(`"run"='${suffix}'`)) found.push(item.name);
    assert.deepEqual(found, ["copy.bin"]);
    assert.ok((await download(target)).equals(large));

    const log = container.getAppendBlobClient("log");
    await log.create();
    await log.appendBlock(large, large.length);
    const sealed = container.getAppendBlobClient("sealed-log");
    await (await sealed.beginCopyFromURL(log.url, { sealBlob: true, intervalInMs: 100 })).pollUntilDone();
    assert.equal((await sealed.getProperties()).isSealed, true);
    await expectRestError(sealed.appendBlock("x", 1), 409, "BlobIsSealed");
  });

  await step("an archived blob is copied only to an online tier, then rehydrated", async () => {
    const source = container.getBlockBlobClient("archived.txt");
    await source.upload("hello", 5);
    await source.setAccessTier("Archive");
    const target = container.getBlobClient("rehydrated.txt");

    await expectRestError(target.beginCopyFromURL(source.url), 409, "BlobArchived");
    const readable = await source.generateSasUrl({
      permissions: BlobSASPermissions.parse("r"), expiresOn: new Date(Date.now() + 3600_000),
    });
    await expectRestError(target.syncCopyFromURL(readable, { tier: "Hot" }), 409, "BlobArchived");
    const poller = await target.beginCopyFromURL(source.url, {
      tier: "Hot", rehydratePriority: "High", intervalInMs: 100,
    });
    const pending = await target.getProperties();
    assert.equal(pending.copyStatus, "pending");
    assert.equal(pending.accessTier, "Archive");
    assert.equal(pending.archiveStatus, "rehydrate-pending-to-hot");
    assert.equal(pending.rehydratePriority, "High");
    await expectRestError(target.download(), 409, "BlobBeingRehydrated");
    const done = await poller.pollUntilDone();
    assert.equal(done.copyStatus, "success");
    const after = await target.getProperties();
    assert.equal(after.accessTier, "Hot");
    assert.equal(after.copyStatus, "success");
    assert.equal((await download(target)).toString("utf8"), "hello");
    assert.equal((await source.getProperties()).accessTier, "Archive");
  });

  await step("a premium page blob tier on a copy: 400 InvalidHeaderValue, nothing written", async () => {
    const source = container.getBlockBlobClient("large.bin");
    const target = container.getBlobClient("premium.bin");
    await expectRestError(target.beginCopyFromURL(source.url, { tier: "P10" }), 400, "InvalidHeaderValue");
    assert.equal(await target.exists(), false);
  });

  await container.delete();
}

await run(main);
