// CRC-64 checksums and page range diffs through the JavaScript Blob SDK (@azure/storage-blob)
// against a running Cerulean server.
//
//   node blob-crc.mjs "<connection string with AccountName, AccountKey and BlobEndpoint>"
//
// The CRC-64s are computed by the SDK's own calculator (StorageCRC64Calculator, @azure/storage-common).
// Retries are off, so every server error is seen as it was sent. Prints one line per step and
// `BLOB CRC OK` at the end; exits non-zero if a step failed.

import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { BlobServiceClient } from "@azure/storage-blob";
import { StorageCRC64Calculator } from "@azure/storage-common";
import { args, expectRestError, steps, unique } from "./harness.mjs";

const [connectionString] = args("blob-crc.mjs", "connection string");

const service = BlobServiceClient.fromConnectionString(connectionString, { retryOptions: { maxTries: 1 } });
const container = service.getContainerClient(unique("jscrc-"));
await StorageCRC64Calculator.init();
const { step, run } = steps("BLOB CRC");

function crc64(bytes) {
  return new StorageCRC64Calculator().final(bytes, bytes.length);
}

/** The same eight bytes, whatever array type the SDK hands back. */
function same(actual, expected, what) {
  assert.ok(actual, `${what}: no x-ms-content-crc64 in the answer`);
  assert.equal(Buffer.from(actual).toString("base64"), Buffer.from(expected).toString("base64"), what);
}

async function main() {
  await container.create();
  const body = randomBytes(100_000);
  const other = randomBytes(100_000);

  await step("stageBlock with transactionalContentCrc64: checked, answered; a wrong one 400 Crc64Mismatch", async () => {
    const blob = container.getBlockBlobClient("staged");
    const id = Buffer.from("block-1").toString("base64");
    await expectRestError(blob.stageBlock(id, body, body.length, { transactionalContentCrc64: crc64(other) }),
      400, "Crc64Mismatch");
    const staged = await blob.stageBlock(id, body, body.length, { transactionalContentCrc64: crc64(body) });
    same(staged.contentCrc64 ?? staged.xMsContentCrc64, crc64(body), "stageBlock's x-ms-content-crc64");
    await blob.commitBlockList([id]);
    assert.equal((await blob.getProperties()).contentLength, body.length);
  });

  await step("appendBlock with transactionalContentCrc64: a wrong one appends nothing", async () => {
    const blob = container.getAppendBlobClient("log");
    await blob.create();
    await expectRestError(blob.appendBlock(body, body.length, { transactionalContentCrc64: crc64(other) }),
      400, "Crc64Mismatch");
    assert.equal((await blob.getProperties()).contentLength, 0);
    const appended = await blob.appendBlock(body, body.length, { transactionalContentCrc64: crc64(body) });
    same(appended.contentCrc64 ?? appended.xMsContentCrc64, crc64(body), "appendBlock's x-ms-content-crc64");
  });

  await step("uploadPages with transactionalContentCrc64, and a ranged download's rangeGetContentCrc64", async () => {
    const blob = container.getPageBlobClient("disk");
    await blob.create(4096);
    const pages = body.subarray(0, 2048);
    await expectRestError(blob.uploadPages(pages, 0, pages.length, { transactionalContentCrc64: crc64(other.subarray(0, 2048)) }),
      400, "Crc64Mismatch");
    await blob.uploadPages(pages, 0, pages.length, { transactionalContentCrc64: crc64(pages) });
    const range = await blob.download(512, 1024, { rangeGetContentCrc64: true });
    same(range.contentCrc64, crc64(pages.subarray(512, 1536)), "the range's x-ms-content-crc64");
  });

  await step("getPageRangesDiff since a snapshot: pages written and pages cleared", async () => {
    const blob = container.getPageBlobClient("diffed");
    await blob.create(4096);
    await blob.uploadPages(body.subarray(0, 1024), 0, 1024);
    const { snapshot } = await blob.createSnapshot();
    await blob.uploadPages(body.subarray(0, 512), 512, 512);
    await blob.clearPages(0, 512);
    await blob.uploadPages(body.subarray(0, 512), 3072, 512);
    const diff = await blob.getPageRangesDiff(0, 4096, snapshot);
    // The SDK gives each range as its offset and `count`, which is End - Start (one short of its length).
    assert.deepEqual((diff.pageRange ?? []).map((r) => [r.offset, r.count]), [[512, 511], [3072, 511]]);
    assert.deepEqual((diff.clearRange ?? []).map((r) => [r.offset, r.count]), [[0, 511]]);
    await expectRestError(blob.getPageRangesDiff(0, 4096, "2001-01-01T00:00:00.0000000Z"), 409, "PreviousSnapshotNotFound");
  });

  await container.delete();
}

await run(main);
