package io.cerulean.blob.rest.operations;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.AccessTier;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobService;
import io.cerulean.blob.service.NewBlob;
import io.cerulean.blob.service.Pages;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.http.message.BodySink;
import io.cerulean.http.message.MetadataHeaders;
import java.util.Base64;
import java.util.Map;

/**
 * Put Blob (contract 3.4): a block blob of the body, streamed to the content store, in place of any
 * blob of the name; 201 with its ETag and MD5. The MD5 kept is {@code x-ms-blob-content-md5} if
 * sent, else the body's. An append blob starts empty, and a page blob as zeros of its
 * {@code x-ms-blob-content-length} (a multiple of 512, at most 8 TiB), at
 * {@code x-ms-blob-sequence-number}; either with a body is 400. Neither gets an MD5 computed or
 * answers one: their {@code x-ms-blob-content-md5} is a property like the others, kept as sent. A
 * block blob is in the tier {@code x-ms-access-tier} names, inferred Hot when none; another type
 * with a tier is 400 InvalidBlobTier. The
 * blob's tags are {@code x-ms-tags}'s ({@link TagHeaders}), none when it is not sent.
 */
public final class PutBlob implements BlobUpload {
    private final BlobService service;

    public PutBlob(BlobService service) {
        this.service = service;
    }

    private AzureResponse createPageBlob(BlobResource resource, AzureRequest request, BlobGrant grant) {
        Long size = RequestHeaders.longHeader(request, "x-ms-blob-content-length");
        if (size == null) {
            throw RequestHeaders.missingHeader("x-ms-blob-content-length");
        }
        if (size < 0 || size % Pages.PAGE != 0 || size > Pages.MAX_SIZE) {
            throw RequestHeaders.invalidHeader("x-ms-blob-content-length", size.toString(),
                    "a page blob's size is a multiple of 512 bytes, at most 8 TiB.");
        }
        Long sequence = RequestHeaders.longHeader(request, "x-ms-blob-sequence-number");
        if (sequence != null && sequence < 0) {
            throw RequestHeaders.invalidHeader("x-ms-blob-sequence-number", sequence.toString(), "it is 0 or more.");
        }
        ContentHeaders headers = contentHeaders(request, BlobType.PAGE_BLOB);
        BlobProperties blob = service.putBlob(resource.account(), resource.container(), resource.blob(),
                new NewBlob(BlobType.PAGE_BLOB, null, size, headers, MetadataHeaders.read(request),
                        sequence == null ? 0 : sequence, null, TagHeaders.tags(request)),
                grant.ofWrite(RequestHeaders.conditions(request)));
        return BlobResponses.versioned(AzureResponse.status(201), blob).header("x-ms-request-server-encrypted", "true");
    }

    @Override
    public BodySink receive(BlobResource resource, AzureRequest head) {
        BlobType type = type(head);
        contentHeaders(head, type); // a malformed header is refused before any of the body is kept
        tier(head, type);
        MetadataHeaders.read(head);
        TagHeaders.tags(head);
        return Uploads.receive(service.contents(), head,
                Uploads.Checksums.kept(head, type == BlobType.BLOCK_BLOB));
    }

    /** A block blob's content headers are checked; an append or page blob's are kept as sent. */
    private static ContentHeaders contentHeaders(AzureRequest request, BlobType type) {
        return (type == BlobType.BLOCK_BLOB ? RequestHeaders.contentHeaders(request, true)
                : RequestHeaders.contentHeadersAsSent(request, true)).withDefaultContentType();
    }

    /** {@code x-ms-access-tier}, null when not sent: a block blob's alone (400 InvalidBlobTier for another type). */
    private static AccessTier tier(AzureRequest request, BlobType type) {
        AccessTier tier = AccessTiers.tier(request);
        if (tier != null && type != BlobType.BLOCK_BLOB) {
            throw new ServiceException(BlobError.INVALID_BLOB_TIER, BlobError.INVALID_BLOB_TIER.message()
                    + " Only a block blob has an access tier; this is a " + type.wireName() + ".",
                    RequestHeaders.pairs("HeaderName", "x-ms-access-tier", "HeaderValue", tier.wireName()));
        }
        return tier;
    }

    /** The type of blob to create; an append or page blob is created without a body. */
    private static BlobType type(AzureRequest request) {
        String typeHeader = request.header("x-ms-blob-type");
        if (typeHeader == null) {
            throw RequestHeaders.missingHeader("x-ms-blob-type");
        }
        BlobType type = BlobType.fromWire(typeHeader);
        if (type == null) {
            throw RequestHeaders.invalidHeader("x-ms-blob-type", typeHeader, "it is BlockBlob, AppendBlob or PageBlob.");
        }
        if (type != BlobType.BLOCK_BLOB) {
            Long declared = RequestHeaders.longHeader(request, "Content-Length");
            if (declared != null && declared != 0) {
                throw RequestHeaders.invalidHeader("Content-Length", declared.toString(), "an " + type.wireName()
                        + " is created without a body; write to it with " + (type == BlobType.APPEND_BLOB
                        ? "Append Block." : "Put Page."));
            }
        }
        return type;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        BlobType type = type(request);
        AccessTier tier = tier(request, type);
        if (type == BlobType.PAGE_BLOB) {
            return createPageBlob(resource, request, grant);
        }
        boolean block = type == BlobType.BLOCK_BLOB;
        ContentHeaders headers = contentHeaders(request, type);
        Map<String, String> metadata = MetadataHeaders.read(request);
        Map<String, String> tags = TagHeaders.tags(request);
        Uploads.Upload upload = Uploads.write(service.contents(), request, Uploads.Checksums.kept(request, block));
        if (block && headers.contentMd5() == null) {
            headers = headers.withContentMd5(upload.md5());
        }
        BlobProperties blob = service.putBlob(resource.account(), resource.container(), resource.blob(),
                new NewBlob(type, upload.content(), upload.size(), headers, metadata, 0, tier, tags),
                grant.ofWrite(RequestHeaders.conditions(request)));
        AzureResponse response = BlobResponses.versioned(AzureResponse.status(201), blob);
        if (block) {
            // Only a block blob's Put Blob answers Content-MD5: an append blob starts with no MD5.
            response.header("Content-MD5", Base64.getEncoder().encodeToString(blob.headers().contentMd5()));
        }
        if (upload.crc64() != null) {
            response.header("x-ms-content-crc64", Base64.getEncoder().encodeToString(upload.crc64()));
        }
        return response.header("x-ms-request-server-encrypted", "true");
    }
}
