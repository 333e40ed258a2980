package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.auth.CopySourceAuthorization;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobService;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MetadataHeaders;
import java.util.Base64;
import java.util.Map;

/**
 * Copy Blob, and Copy Blob From URL ({@code x-ms-requires-sync: true}), contract 3.10; 202 with the
 * copy's id and status. The destination takes the source's type, bytes and content properties, and
 * its metadata unless metadata is sent; a block blob's committed blocks keep their ids. The copy is
 * remembered on it ({@code x-ms-copy-*}). Copy Blob From URL, and Copy Blob of a small source on this
 * server, finish before the answer ({@code success}); Copy Blob of a larger one, or of one served
 * elsewhere, answers {@code pending} and copies in the background, until it succeeds, fails or is
 * aborted (Abort Copy Blob). Its tags are {@code x-ms-tags}'s, or with Copy Blob From URL the
 * source's under {@code x-ms-copy-source-tag-option: COPY} ({@link TagHeaders#copyTags}). A copy of
 * a source on this server finished at once takes {@code x-ms-access-tier} (400 InvalidBlobTier on a
 * copy that is no block blob); one in the background, or of a source elsewhere, does not yet.
 */
public final class CopyBlob implements BlobRestOperation {
    private final BlobService service;
    private final CopySources sources;

    public CopyBlob(BlobService service, CopySourceAuthorization authorization) {
        this.service = service;
        this.sources = new CopySources(authorization);
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        boolean sync = "true".equalsIgnoreCase(request.header("x-ms-requires-sync"));
        CopySources.Source source = sources.of(request, resource, !sync);
        Map<String, String> given = MetadataHeaders.read(request);
        Map<String, String> metadata = given.isEmpty() ? null : given;
        Conditions conditions = grant.ofWrite(RequestHeaders.conditions(request));
        Conditions sourceConditions = CopySources.conditions(request);
        Map<String, String> tags = sync ? TagHeaders.copyTags(request) : TagHeaders.tags(request);
        BlobProperties copy;
        if (source.isLocal()) {
            BlobProperties original = service.copySource(source.local(), sourceConditions);
            copy = !sync && service.copies().inBackground(original)
                    ? service.copies().start(resource.account(), resource.container(), resource.blob(), source.local(),
                            sourceConditions, null, source.url(), metadata, conditions)
                    : service.copyBlob(resource.account(), resource.container(), resource.blob(), original,
                            source.url(), null, metadata, conditions, BlobService.CopyKind.COPY,
                            tags == null ? original.tags() : tags, AccessTiers.tier(request));
        } else if (sync) {
            copy = service.copies().copyFetched(resource.account(), resource.container(), resource.blob(),
                    service.copies().fetch(source.remote(), 0, null), source.url(), metadata, conditions);
        } else {
            copy = service.copies().start(resource.account(), resource.container(), resource.blob(), null, null,
                    source.remote(), source.url(), metadata, conditions);
        }
        AzureResponse response = BlobResponses.versioned(AzureResponse.status(202), copy)
                .header("x-ms-copy-id", copy.copy().id()).header("x-ms-copy-status", copy.copy().status().wireName());
        // Copy Blob From URL answers the MD5 it checked the source against: none when not asked to check.
        if (sync && request.header("x-ms-source-content-md5") != null && copy.headers().contentMd5() != null) {
            response.header("Content-MD5", Base64.getEncoder().encodeToString(copy.headers().contentMd5()));
        }
        return response;
    }
}
