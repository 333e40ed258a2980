package io.cerulean.blob.rest.operations;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.AccessTier;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.rest.xml.BlockListXml;
import io.cerulean.blob.service.BlobService;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.MetadataHeaders;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;

/**
 * Put Block List (contract 3.6): the blob becomes the listed blocks, with the {@code x-ms-blob-*}
 * properties and metadata sent (the standard content headers describe the XML body); 201 with its
 * ETag and, as {@code Content-MD5}, the MD5 of the XML body. A {@code Content-MD5} sent is checked
 * against the body before anything else (400 Md5Mismatch). No MD5 of the whole blob is computed.
 * The blob is in the tier {@code x-ms-access-tier} names, inferred Hot when none. Its tags are
 * {@code x-ms-tags}'s.
 */
public final class PutBlockList implements BlobRestOperation {
    private final BlobService service;

    public PutBlockList(BlobService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        AccessTier tier = AccessTiers.tier(request);
        byte[] body = request.body();
        byte[] md5 = md5(body);
        byte[] declared = RequestHeaders.md5(request, "Content-MD5");
        if (declared != null && !Arrays.equals(declared, md5)) {
            throw new ServiceException(BlobError.MD5_MISMATCH, BlobError.MD5_MISMATCH.message(),
                    RequestHeaders.pairs("UserSpecifiedMd5", Base64.getEncoder().encodeToString(declared),
                            "ServerCalculatedMd5", Base64.getEncoder().encodeToString(md5)));
        }
        BlobProperties blob = service.commitBlockList(resource.account(), resource.container(), resource.blob(),
                BlockListXml.read(body), RequestHeaders.contentHeaders(request, false).withDefaultContentType(),
                MetadataHeaders.read(request), grant.ofWrite(RequestHeaders.conditions(request)), tier,
                TagHeaders.tags(request));
        return BlobResponses.versioned(AzureResponse.status(201), blob)
                .header("Content-MD5", Base64.getEncoder().encodeToString(md5))
                .header("x-ms-request-server-encrypted", "true");
    }

    private static byte[] md5(byte[] body) {
        try {
            return MessageDigest.getInstance("MD5").digest(body);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has MD5", e);
        }
    }
}
