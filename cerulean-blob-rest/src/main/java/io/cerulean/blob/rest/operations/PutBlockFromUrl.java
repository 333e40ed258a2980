package io.cerulean.blob.rest.operations;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlockId;
import io.cerulean.blob.rest.auth.BlobGrant;
import io.cerulean.blob.rest.resource.BlobResource;
import io.cerulean.blob.service.BlobService;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import java.util.Arrays;
import java.util.Base64;

/**
 * Put Block From URL (contract 3.5): a block staged from the bytes of another blob of the account,
 * all of them or the {@code x-ms-source-range}; 201 with their MD5, checked against
 * {@code x-ms-source-content-md5} if sent (400 Md5Mismatch).
 */
public final class PutBlockFromUrl implements BlobRestOperation {
    private final BlobService service;

    public PutBlockFromUrl(BlobService service) {
        this.service = service;
    }

    @Override
    public AzureResponse handle(BlobResource resource, AzureRequest request, BlobGrant grant) {
        BlockId id = BlockId.parse(request.queryParameter("blockid"));
        BlobService.CopySource source = CopySources.of(request, resource);
        byte[] expectedMd5 = RequestHeaders.md5(request, "x-ms-source-content-md5");
        BlobProperties original = service.copySource(source, CopySources.conditions(request));
        long first = 0;
        long length = original.contentLength();
        String range = request.header("x-ms-source-range");
        if (range != null) {
            ByteRange asked = ByteRange.parse(range, original.contentLength());
            if (asked == null) {
                throw RequestHeaders.invalidHeader("x-ms-source-range", range, "it is bytes=first-last.");
            }
            first = asked.first();
            length = asked.length();
        }
        BlobService.CopiedContent copied = service.copyContent(original, first, length);
        if (expectedMd5 != null && !Arrays.equals(expectedMd5, copied.md5())) {
            service.discard(copied.content());
            throw new ServiceException(BlobError.MD5_MISMATCH, BlobError.MD5_MISMATCH.message(),
                    RequestHeaders.pairs("UserSpecifiedMd5", Base64.getEncoder().encodeToString(expectedMd5),
                            "ServerCalculatedMd5", Base64.getEncoder().encodeToString(copied.md5())));
        }
        service.stageBlock(resource.account(), resource.container(), resource.blob(), id, copied.content(),
                copied.size(), RequestHeaders.leaseId(request));
        return AzureResponse.status(201).header("Content-MD5", Base64.getEncoder().encodeToString(copied.md5()))
                .header("x-ms-request-server-encrypted", "true");
    }
}
