// Access tiers and sealed append blobs through the JavaScript Blob SDK (@azure/storage-blob)
// against a running Cerulean server whose rehydration delay is a few seconds.
//
//   node blob-tiers.mjs "<connection string with AccountName, AccountKey and BlobEndpoint>"
//
// Retries are off, so every server error is seen as it was sent. Set DEBUG_BLOB=1 to print every
// request. Prints one line per step and `TIERS OK` at the end; exits non-zero if a step failed.

import assert from "node:assert/strict";
import { BlobServiceClient } from "@azure/storage-blob";
import { Recorder, args, expectRestError, steps, unique } from "./harness.mjs";

const [connectionString] = args("blob-tiers.mjs", "connection string");

const recorder = new Recorder("ceruleanTiersRecorder", "DEBUG_BLOB");
const service = BlobServiceClient.fromConnectionString(connectionString, { retryOptions: { maxTries: 1 } });
recorder.attach(service);
const { step, run } = steps("TIERS", recorder);
const suffix = unique("");
const container = service.getContainerClient(`jstier-${suffix}`);

const lastStatus = () => recorder.lastStatus();

async function listed(name) {
  for await (const item of container.listBlobsFlat()) {
    if (item.name === name) {
      return item.properties;
    }
  }
  assert.fail(`${name} is not listed`);
}

async function downloadText(blob) {
  const response = await blob.download();
  const chunks = [];
  for await (const chunk of response.readableStreamBody) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

const blockId = (text) => Buffer.from(text).toString("base64");

async function main() {
  await container.create();

  await step("upload and commit with a tier; Set Blob Tier changes it at once (200), keeping the ETag", async () => {
    const cool = container.getBlockBlobClient("cool.txt");
    await cool.upload("cool", 4, { tier: "Cool" });
    const committed = container.getBlockBlobClient("cold.txt");
    await committed.stageBlock(blockId("b1"), "cold", 4);
    await committed.commitBlockList([blockId("b1")], { tier: "Cold" });
    const plain = container.getBlockBlobClient("plain.txt");
    await plain.upload("plain", 5);

    assert.equal((await cool.getProperties()).accessTier, "Cool");
    assert.equal((await committed.getProperties()).accessTier, "Cold");
    const before = await plain.getProperties();
    assert.equal(before.accessTier, "Hot");
    assert.equal(before.accessTierInferred, true);
    await plain.setAccessTier("Cool");
    assert.equal(lastStatus(), 200);
    const after = await plain.getProperties();
    assert.equal(after.accessTier, "Cool");
    assert.notEqual(after.accessTierInferred, true);
    assert.ok(after.accessTierChangedOn, "AccessTierChangeTime");
    assert.equal(after.etag, before.etag);
    assert.equal((await listed("plain.txt")).accessTier, "Cool");
  });

  await step("an archived blob: properties answered, download and metadata 409 BlobArchived", async () => {
    const blob = container.getBlockBlobClient("archived.txt");
    await blob.upload("offline", 7, { tier: "Archive" });

    assert.equal((await blob.getProperties()).accessTier, "Archive");
    assert.equal((await listed("archived.txt")).accessTier, "Archive");
    await expectRestError(blob.download(), 409, "BlobArchived");
    await expectRestError(blob.setMetadata({ k: "v" }), 409, "BlobArchived");
  });

  await step("rehydration: 202, pending to Hot at High priority, then Hot once the delay has passed", async () => {
    const blob = container.getBlockBlobClient("archived.txt");
    await blob.setAccessTier("Hot", { rehydratePriority: "High" });
    assert.equal(lastStatus(), 202);
    const pending = await blob.getProperties();
    assert.equal(pending.accessTier, "Archive");
    assert.equal(pending.archiveStatus, "rehydrate-pending-to-hot");
    assert.equal(pending.rehydratePriority, "High");
    const item = await listed("archived.txt");
    assert.equal(item.archiveStatus, "rehydrate-pending-to-hot");
    await expectRestError(blob.setAccessTier("Cool"), 409, "BlobBeingRehydrated");
    await expectRestError(blob.download(), 409, "BlobBeingRehydrated");

    const deadline = Date.now() + 30_000;
    let properties = pending;
    while (properties.accessTier !== "Hot" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      properties = await blob.getProperties();
    }
    assert.equal(properties.accessTier, "Hot");
    assert.equal(properties.archiveStatus, undefined);
    assert.equal(await downloadText(blob), "offline");
  });

  await step("Set Blob Tier refused: 400 InvalidBlobTier for an append blob, 404 BlobNotFound", async () => {
    const append = container.getAppendBlobClient("log.txt");
    await append.create();
    await expectRestError(append.setAccessTier("Cool"), 400, "InvalidBlobTier");
    await expectRestError(container.getBlobClient("none").setAccessTier("Cool"), 404, "BlobNotFound");
  });

  await step("seal an append blob: sealed in properties and listing, append 409 BlobIsSealed", async () => {
    const log = container.getAppendBlobClient("sealed.log");
    await log.create();
    await log.appendBlock("12345", 5);
    await expectRestError(log.seal({ conditions: { appendPosition: 4 } }), 412, "AppendPositionConditionNotMet");
    const sealed = await log.seal({ conditions: { appendPosition: 5 } });
    assert.equal(lastStatus(), 200);
    assert.equal(sealed.isSealed, true);
    await expectRestError(log.appendBlock("6", 1), 409, "BlobIsSealed");
    assert.equal((await log.getProperties()).isSealed, true);
    assert.equal((await listed("sealed.log")).isSealed, true);
    assert.equal(await downloadText(log), "12345");
  });

  await container.delete();
}

await run(main);
