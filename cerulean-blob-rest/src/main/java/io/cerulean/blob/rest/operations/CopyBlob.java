package io.cerulean.blob.rest.operations;

import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.DestinationSettings;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.auth.CopySourceAuthorization;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobService;
import io.cerulean.blob.service.CopyTarget;
import io.cerulean.blob.service.RemoteContent;
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
 * aborted (Abort Copy Blob). Every copy takes {@code x-ms-tags} (with Copy Blob From URL, the
 * source's under {@code x-ms-copy-source-tag-option: COPY}: {@link TagHeaders#copyTags}),
 * {@code x-ms-access-tier} (400 InvalidHeaderValue for a tier that is not Hot, Cool, Cold or
 * Archive, such as a premium page blob tier; 400 InvalidBlobTier on a copy that is no block blob)
 * and {@code x-ms-seal-blob} (an append blob's); a copy in the background applies them as it
 * completes. Copy Blob of an archived source to an online tier within its account rehydrates the
 * destination at {@code x-ms-rehydrate-priority} and answers {@code pending} until it is; any other
 * copy of an archived source is 409 BlobArchived. Every header is checked before anything is written.
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
        DestinationSettings settings = new DestinationSettings(tags == null ? Map.of() : tags,
                AccessTiers.tier(request), AccessTiers.priority(request), seal(request));
        String account = resource.account();
        String container = resource.container();
        String name = resource.blob();
        BlobProperties copy;
        if (source.isLocal() && sync) {
            BlobProperties original = service.copySource(source.local(), sourceConditions);
            copy = service.copyBlob(original, source.url(), CopyTarget.copy(account, container, name, metadata,
                    conditions, tags == null ? settings.withTags(original.tags()) : settings));
        } else if (source.isLocal()) {
            copy = service.copies().copyBlob(source.local(), sourceConditions, CopyTarget.copy(account, container,
                    name, metadata, conditions, settings));
        } else if (sync) {
            RemoteContent fetched = service.copies().fetch(source.remote(), 0, null);
            // A source read past the request's timeout commits nothing; what was fetched, nothing names: swept.
            request.deadline().check();
            copy = service.copies().copyFetched(account, container, name, fetched, source.url(), metadata, conditions,
                    settings);
        } else {
            copy = service.copies().start(account, container, name, null, null, source.remote(), source.url(),
                    metadata, conditions, settings);
        }
        AzureResponse response = BlobResponses.versioned(AzureResponse.status(202), copy)
                .header("x-ms-copy-id", copy.copy().id()).header("x-ms-copy-status", copy.copy().status().wireName());
        // Copy Blob From URL answers the MD5 it checked the source against: none when not asked to check.
        if (sync && request.header("x-ms-source-content-md5") != null && copy.headers().contentMd5() != null) {
            response.header("Content-MD5", Base64.getEncoder().encodeToString(copy.headers().contentMd5()));
        }
        return response;
    }

    /** {@code x-ms-seal-blob}: true or false, any case; false when not sent; 400 InvalidHeaderValue else. */
    private static boolean seal(AzureRequest request) {
        String value = request.header("x-ms-seal-blob");
        if (value == null || value.trim().equalsIgnoreCase("false")) {
            return false;
        }
        if (value.trim().equalsIgnoreCase("true")) {
            return true;
        }
        throw RequestHeaders.invalidHeader("x-ms-seal-blob", value, "it is true or false.");
    }
}
