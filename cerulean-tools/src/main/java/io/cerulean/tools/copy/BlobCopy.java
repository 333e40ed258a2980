package io.cerulean.tools.copy;

import com.azure.core.util.Context;
import com.azure.storage.blob.BlobAsyncClient;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.models.AccessTier;
import com.azure.storage.blob.models.BlobDownloadAsyncResponse;
import com.azure.storage.blob.models.BlobHttpHeaders;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobItemProperties;
import com.azure.storage.blob.models.BlobRange;
import com.azure.storage.blob.models.BlobRequestConditions;
import com.azure.storage.blob.models.Block;
import com.azure.storage.blob.models.BlockListType;
import com.azure.storage.blob.models.PageRange;
import com.azure.storage.blob.models.PageRangeItem;
import com.azure.storage.blob.options.AppendBlobCreateOptions;
import com.azure.storage.blob.options.BlockBlobCommitBlockListOptions;
import com.azure.storage.blob.options.BlockBlobSimpleUploadOptions;
import com.azure.storage.blob.options.PageBlobCreateOptions;
import com.azure.storage.blob.specialized.BlockBlobClient;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import reactor.core.publisher.Flux;

/**
 * Copies one blob with its properties (content type, encoding, language, disposition, cache
 * control, Content-MD5), metadata, tags and, for a block blob whose tier was set, its tier.
 *
 * <p>Its content is streamed: each piece is the source's download of its range, handed as it
 * arrives to the destination's write (the SDK's asynchronous clients, whose streams flow only as
 * fast as they are sent on), so memory holds a few network buffers per piece in flight, never a
 * blob nor a whole block. A block blob keeps its block structure (each committed block read from its
 * range and staged under its own id, then the same block list committed); an append blob is appended
 * {@link #CHUNK} by {@link #CHUNK}; a page blob gets its written page ranges only, so a sparse one
 * stays sparse. Every read is held to the listed ETag, so a blob changed during its copy fails (412
 * ConditionNotMet) rather than arriving mixed.
 */
final class BlobCopy {
    /** The most an Append Block or Put Page takes. */
    static final int CHUNK = 4 * 1024 * 1024;

    private final CopyRun run;

    BlobCopy(CopyRun run) {
        this.run = run;
    }

    /** {@code from} and {@code to} for the calls that carry no bytes; their asynchronous twins for those that do. */
    void copy(BlobClient from, BlobAsyncClient fromAsync, BlobClient to, BlobAsyncClient toAsync, BlobItem item) {
        BlobItemProperties properties = item.getProperties();
        Map<String, String> tags = properties.getTagCount() != null && properties.getTagCount() > 0 ? from.getTags() : null;
        BlobHttpHeaders headers = new BlobHttpHeaders()
                .setContentType(properties.getContentType())
                .setContentEncoding(properties.getContentEncoding())
                .setContentLanguage(properties.getContentLanguage())
                .setContentDisposition(properties.getContentDisposition())
                .setCacheControl(properties.getCacheControl())
                .setContentMd5(properties.getContentMd5());
        Source source = new Source(fromAsync, properties.getETag());
        Map<String, String> metadata = item.getMetadata();
        switch (properties.getBlobType()) {
            case BLOCK_BLOB -> block(from.getBlockBlobClient(), source, to.getBlockBlobClient(), toAsync, properties, headers, metadata, tags);
            case APPEND_BLOB -> append(source, to, toAsync, properties.getContentLength(), headers, metadata, tags);
            case PAGE_BLOB -> page(from, source, to, toAsync, properties, headers, metadata, tags);
            default -> throw new IllegalStateException("a blob type this copy does not know: " + properties.getBlobType());
        }
        run.blobDone();
    }

    private void block(BlockBlobClient from, Source source, BlockBlobClient to, BlobAsyncClient toAsync, BlobItemProperties properties,
                       BlobHttpHeaders headers, Map<String, String> metadata, Map<String, String> tags) {
        AccessTier tier = Boolean.TRUE.equals(properties.isAccessTierInferred()) ? null : properties.getAccessTier();
        List<Block> blocks = from.listBlocks(BlockListType.COMMITTED).getCommittedBlocks();
        long size = properties.getContentLength();
        if (blocks.isEmpty()) {
            // Written by one Put Blob: so is the copy.
            toAsync.getBlockBlobAsyncClient().uploadWithResponse(new BlockBlobSimpleUploadOptions(source.range(0, size), size)
                    .setHeaders(headers).setMetadata(metadata).setTags(tags).setTier(tier)).block();
            run.bytesDone(size);
            return;
        }
        List<Callable<Void>> stages = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        long offset = 0;
        for (Block block : blocks) {
            long start = offset;
            long length = block.getSizeLong();
            stages.add(() -> {
                toAsync.getBlockBlobAsyncClient().stageBlockWithResponse(block.getName(), source.range(start, length), length, null, null)
                        .block();
                run.bytesDone(length);
                return null;
            });
            ids.add(block.getName());
            offset += length;
        }
        run.inParts(stages);
        to.commitBlockListWithResponse(new BlockBlobCommitBlockListOptions(ids).setHeaders(headers).setMetadata(metadata)
                .setTags(tags).setTier(tier), null, Context.NONE);
    }

    private void append(Source source, BlobClient to, BlobAsyncClient toAsync, long size, BlobHttpHeaders headers,
                        Map<String, String> metadata, Map<String, String> tags) {
        to.getAppendBlobClient().createWithResponse(new AppendBlobCreateOptions().setHeaders(headers).setMetadata(metadata).setTags(tags),
                null, Context.NONE);
        // In order, one after another: an append blob is written at its end only.
        for (long offset = 0; offset < size; offset += CHUNK) {
            long length = Math.min(CHUNK, size - offset);
            toAsync.getAppendBlobAsyncClient().appendBlockWithResponse(source.range(offset, length), length, null, null).block();
            run.bytesDone(length);
        }
    }

    private void page(BlobClient from, Source source, BlobClient to, BlobAsyncClient toAsync, BlobItemProperties properties,
                      BlobHttpHeaders headers, Map<String, String> metadata, Map<String, String> tags) {
        long size = properties.getContentLength();
        to.getPageBlobClient().createWithResponse(new PageBlobCreateOptions(size).setHeaders(headers).setMetadata(metadata).setTags(tags)
                .setSequenceNumber(properties.getBlobSequenceNumber()), null, Context.NONE);
        List<Callable<Void>> writes = new ArrayList<>();
        for (PageRangeItem range : from.getPageBlobClient().listPageRanges(new BlobRange(0))) {
            if (range.isClear()) {
                continue;
            }
            long end = range.getRange().getOffset() + range.getRange().getLength();
            for (long offset = range.getRange().getOffset(); offset < end; offset += CHUNK) {
                long start = offset;
                long length = Math.min(CHUNK, end - offset);
                writes.add(() -> {
                    toAsync.getPageBlobAsyncClient().uploadPagesWithResponse(new PageRange().setStart(start).setEnd(start + length - 1),
                            source.range(start, length), null, null).block();
                    run.bytesDone(length);
                    return null;
                });
            }
        }
        run.inParts(writes);
    }

    /** The source blob as listed: ranges of it, read only while its ETag is the listed one. */
    private record Source(BlobAsyncClient blob, String etag) {
        Flux<ByteBuffer> range(long offset, long length) {
            if (length == 0) {
                return Flux.empty();
            }
            return blob.downloadStreamWithResponse(new BlobRange(offset, length), null,
                            new BlobRequestConditions().setIfMatch(etag), false)
                    .flatMapMany(BlobDownloadAsyncResponse::getValue);
        }
    }
}
