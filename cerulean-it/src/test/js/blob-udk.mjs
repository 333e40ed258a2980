// User delegation keys and SAS through the JavaScript Blob SDK (@azure/storage-blob) against a running
// Cerulean server that trusts bearer tokens.
//
//   node blob-udk.mjs <https account URL> <http account URL> <bearer token> <certificate PEM file>
//
// e.g. node blob-udk.mjs https://127.0.0.1:10000/devstoreaccount1 http://127.0.0.1:10000/devstoreaccount1 eyJ... cerulean.crt
//
// A BlobServiceClient authenticates with the token (a TokenCredential that hands it out) over HTTPS,
// trusting the server's certificate; it gets a user delegation key, and SAS signed with it by
// generateBlobSASQueryParameters (the SDK's own version, 2026-04-06 in 12.32.0) are used over plain
// HTTP by clients that hold nothing else. Retries are off. Prints one line per step and `UDK OK` at
// the end; exits non-zero if a step failed.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  BlobSASPermissions,
  BlobServiceClient,
  ContainerClient,
  ContainerSASPermissions,
  BlockBlobClient,
  generateBlobSASQueryParameters,
} from "@azure/storage-blob";
import { args, expectRestError, steps, unique } from "./harness.mjs";

const [secureUrl, plainUrl, token, certificate] =
  args("blob-udk.mjs", "https account URL", "http account URL", "bearer token", "certificate PEM");
const accountName = new URL(secureUrl).pathname.split("/")[1];
const credential = {
  async getToken() {
    return { token, expiresOnTimestamp: Date.now() + 3_600_000 };
  },
};
const options = { retryOptions: { maxTries: 1 }, tlsOptions: { ca: readFileSync(certificate, "utf8") } };
const service = new BlobServiceClient(secureUrl, credential, options);
const suffix = unique("");
const containerName = `jsudk-${suffix}`;
const { step, run } = steps("UDK");

function sasFor(key, blobName, permissions, expiresOn = new Date(Date.now() + 3_600_000)) {
  return generateBlobSASQueryParameters({
    containerName,
    blobName,
    permissions: blobName ? BlobSASPermissions.parse(permissions) : ContainerSASPermissions.parse(permissions),
    startsOn: new Date(Date.now() - 60_000),
    expiresOn,
  }, key, accountName).toString();
}

const blobWithSas = (name, sas) =>
  new BlockBlobClient(`${plainUrl}/${containerName}/${encodeURIComponent(name)}?${sas}`, undefined, options);

async function main() {
  let key;
  const startsOn = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
  const expiresOn = new Date(startsOn.getTime() + 2 * 3_600_000);

  await step("getUserDelegationKey with a bearer token: the token's oid and tid, the times asked, service b", async () => {
    key = await service.getUserDelegationKey(startsOn, expiresOn);
    assert.match(key.signedObjectId, /^[0-9a-f-]{36}$/);
    assert.match(key.signedTenantId, /^[0-9a-f-]{36}$/);
    assert.equal(key.signedStartsOn.getTime(), startsOn.getTime());
    assert.equal(key.signedExpiresOn.getTime(), expiresOn.getTime());
    assert.equal(key.signedService, "b");
    assert.equal(Buffer.from(key.value, "base64").length, 32);
    const container = service.getContainerClient(containerName);
    await container.create();
    await container.getBlockBlobClient("existing.txt").upload("written with the token", 22);
  });

  await step("blob SAS r: reads the blob, refused writes 403 AuthorizationPermissionMismatch", async () => {
    const reader = blobWithSas("existing.txt", sasFor(key, "existing.txt", "r"));
    assert.equal((await reader.downloadToBuffer()).toString(), "written with the token");
    await expectRestError(reader.upload("changed", 7), 403, "AuthorizationPermissionMismatch");
  });

  await step("blob SAS cw: creates a blob", async () => {
    await blobWithSas("new.txt", sasFor(key, "new.txt", "cw")).upload("written with a SAS", 18);
    const written = await service.getContainerClient(containerName).getBlobClient("new.txt").downloadToBuffer();
    assert.equal(written.toString(), "written with a SAS");
  });

  await step("container SAS rl: lists the container's blobs in order", async () => {
    const lister = new ContainerClient(`${plainUrl}/${containerName}?${sasFor(key, undefined, "rl")}`, undefined,
      options);
    const names = [];
    for await (const blob of lister.listBlobsFlat()) {
      names.push(blob.name);
    }
    assert.deepEqual(names, ["existing.txt", "new.txt"]);
  });

  await step("a key whose expiry was changed fails the signature: 403 AuthenticationFailed", async () => {
    const stretched = { ...key, signedExpiresOn: new Date(key.signedExpiresOn.getTime() + 86_400_000) };
    await expectRestError(blobWithSas("existing.txt", sasFor(stretched, "existing.txt", "r")).downloadToBuffer(),
      403, "AuthenticationFailed");
  });

  await step("cleanup: delete the container with the token", async () => {
    await service.getContainerClient(containerName).delete();
  });
}

await run(main);
