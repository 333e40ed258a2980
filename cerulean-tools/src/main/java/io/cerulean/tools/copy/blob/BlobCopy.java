package io.cerulean.tools.copy.blob;

import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.models.AccessTier;
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
import com.azure.storage.blob.options.BlobInputStreamOptions;
import com.azure.storage.blob.options.BlockBlobCommitBlockListOptions;
import com.azure.storage.blob.options.BlockBlobSimpleUploadOptions;
import com.azure.storage.blob.options.PageBlobCreateOptions;
import com.azure.storage.blob.specialized.AppendBlobClient;
import com.azure.storage.blob.specialized.BlockBlobClient;
import com.azure.storage.blob.specialized.PageBlobClient;
import io.cerulean.tools.copy.CopyRun;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * Copies one blob with its properties (content type, encoding, language, disposition, cache
 * control, Content-MD5), metadata, tags and, for a block blob whose tier was set, its tier.
 *
 * <p>Its content is streamed: each piece is read from the source as a stream of {@link #CHUNK}-sized
 * range reads and written as it is read, so memory holds a few chunks per piece in flight, never a
 * blob. A block blob keeps its block structure (each committed block read from its range and staged
 * under its own id, then the same block list committed); an append blob is appended chunk by chunk;
 * a page blob gets its written page ranges only, so a sparse one stays sparse. Every read is held to
 * the listed ETag, so a blob changed during its copy fails (412) rather than arriving mixed.
 */
final class BlobCopy {
    /** The range read at a time from the source, and the most an Append Block or Put Page takes. */
    static final int CHUNK = 4 * 1024 * 1024;

    private final CopyRun run;

    BlobCopy(CopyRun run) {
        this.run = run;
    }

    void copy(BlobClient from, BlobClient to, BlobItem item) {
        BlobItemProperties properties = item.getProperties();
        Map<String, String> tags = properties.getTagCount() != null && properties.getTagCount() > 0 ? from.getTags() : null;
        BlobHttpHeaders headers = new BlobHttpHeaders()
                .setContentType(properties.getContentType())
                .setContentEncoding(properties.getContentEncoding())
                .setContentLanguage(properties.getContentLanguage())
                .setContentDisposition(properties.getContentDisposition())
                .setCacheControl(properties.getCacheControl())
                .setContentMd5(properties.getContentMd5());
        String etag = properties.getETag();
        switch (properties.getBlobType()) {
            case BLOCK_BLOB -> block(from.getBlockBlobClient(), to.getBlockBlobClient(), properties, headers, item.getMetadata(), tags, etag);
            case APPEND_BLOB -> append(from, to.getAppendBlobClient(), properties.getContentLength(), headers, item.getMetadata(), tags, etag);
            case PAGE_BLOB -> page(from.getPageBlobClient(), to.getPageBlobClient(), properties, headers, item.getMetadata(), tags, etag);
            default -> throw new IllegalStateException("a blob type this copy does not know: " + properties.getBlobType());
        }
        run.blobDone();
    }

    private void block(BlockBlobClient from, BlockBlobClient to, BlobItemProperties properties, BlobHttpHeaders headers,
                       Map<String, String> metadata, Map<String, String> tags, String etag) {
        AccessTier tier = Boolean.TRUE.equals(properties.isAccessTierInferred()) ? null : properties.getAccessTier();
        List<Block> blocks = from.listBlocks(BlockListType.COMMITTED).getCommittedBlocks();
        long size = properties.getContentLength();
        if (blocks.isEmpty()) {
            // Written by one Put Blob: so is the copy, streamed.
            try (InputStream in = read(from, 0, size, etag)) {
                to.uploadWithResponse(new BlockBlobSimpleUploadOptions(in, size).setHeaders(headers).setMetadata(metadata)
                        .setTags(tags).setTier(tier), null, Context.NONE);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
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
                try (InputStream in = read(from, start, length, etag)) {
                    to.stageBlock(block.getName(), in, length);
                }
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

    private void append(BlobClient from, AppendBlobClient to, long size, BlobHttpHeaders headers,
                        Map<String, String> metadata, Map<String, String> tags, String etag) {
        to.createWithResponse(new AppendBlobCreateOptions().setHeaders(headers).setMetadata(metadata).setTags(tags),
                null, Context.NONE);
        // In order, one after another: an append blob is written at its end only.
        for (long offset = 0; offset < size; offset += CHUNK) {
            long length = Math.min(CHUNK, size - offset);
            try (InputStream in = read(from, offset, length, etag)) {
                to.appendBlock(in, length);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            run.bytesDone(length);
        }
    }

    private void page(PageBlobClient from, PageBlobClient to, BlobItemProperties properties, BlobHttpHeaders headers,
                      Map<String, String> metadata, Map<String, String> tags, String etag) {
        long size = properties.getContentLength();
        to.createWithResponse(new PageBlobCreateOptions(size).setHeaders(headers).setMetadata(metadata).setTags(tags)
                .setSequenceNumber(properties.getBlobSequenceNumber()), null, Context.NONE);
        List<Callable<Void>> writes = new ArrayList<>();
        for (PageRangeItem range : from.listPageRanges(new BlobRange(0))) {
            if (range.isClear()) {
                continue;
            }
            long end = range.getRange().getOffset() + range.getRange().getLength();
            for (long offset = range.getRange().getOffset(); offset < end; offset += CHUNK) {
                long start = offset;
                long length = Math.min(CHUNK, end - offset);
                writes.add(() -> {
                    try (InputStream in = read(from, start, length, etag)) {
                        to.uploadPages(new PageRange().setStart(start).setEnd(start + length - 1), in);
                    }
                    run.bytesDone(length);
                    return null;
                });
            }
        }
        run.inParts(writes);
    }

    /** {@code length} bytes from {@code offset}, read a chunk at a time, as long as the blob is the one listed. */
    private static InputStream read(com.azure.storage.blob.specialized.BlobClientBase from, long offset, long length, String etag) {
        if (length == 0) {
            return InputStream.nullInputStream();
        }
        return from.openInputStream(new BlobInputStreamOptions()
                .setRange(new BlobRange(offset, length))
                .setBlockSize(CHUNK)
                .setRequestConditions(new BlobRequestConditions().setIfMatch(etag)));
    }
}
