package io.cerulean.blob.rest.xml;

import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.BlobType;
import io.cerulean.blob.model.ContentHeaders;
import io.cerulean.blob.model.CopyInfo;
import io.cerulean.blob.model.Tiering;
import io.cerulean.blob.model.ETags;
import io.cerulean.blob.service.ListedBlob;
import io.cerulean.blob.service.ListedItem;
import io.cerulean.blob.service.ListedPrefix;
import io.cerulean.blob.model.Lease;
import io.cerulean.http.message.HttpDates;
import io.cerulean.http.message.SevenDigitTimes;
import java.time.Duration;
import java.time.Instant;
import io.cerulean.http.xml.XmlWriter;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The List Blobs answer (contract 3.3):
 * <pre>
 * &lt;EnumerationResults ServiceEndpoint="http://.../devstoreaccount1/" ContainerName="c"&gt;
 *   &lt;Prefix&gt;, &lt;Marker&gt;, &lt;MaxResults&gt;, &lt;Delimiter&gt;   (each only when the request gave it)
 *   &lt;Blobs&gt;
 *     &lt;BlobPrefix&gt;&lt;Name&gt;dir/&lt;/Name&gt;&lt;/BlobPrefix&gt;
 *     &lt;Blob&gt;&lt;Name&gt;b&lt;/Name&gt;&lt;Properties&gt;...&lt;/Properties&gt;[&lt;Metadata&gt;...][&lt;Tags&gt;...]&lt;/Blob&gt;
 *   &lt;/Blobs&gt;
 *   &lt;NextMarker&gt;where the next page begins, empty on the last page&lt;/NextMarker&gt;
 * &lt;/EnumerationResults&gt;
 * </pre>
 * A blob's {@code Etag} is bare here, as the service writes it; empty standard properties are
 * empty elements. A blob with only staged blocks ({@code include=uncommittedblobs}) is listed with
 * length 0. A blob's or prefix's name holding a character XML 1.0 cannot carry is written as Azure
 * writes it, {@code <Name Encoded="true">} and the name percent-encoded (UTF-8, every byte but
 * letters, digits and {@code -_.~}), which the SDKs URL-decode; other names are plain text.
 */
public final class BlobListXml {
    /**
     * What the request asked for, echoed as the service does; whether it asked for versions (each
     * item then says whether it is the current one), and the account's soft delete retention, which
     * a soft-deleted item's remaining days count down from (null: none); whether it asked for the
     * copy that made each blob ({@code include=copy}).
     */
    public record Request(Optional<String> prefix, Optional<String> marker, Optional<Integer> maxResults,
                          Optional<String> delimiter, boolean includeMetadata, boolean includeTags,
                          boolean includeVersions, Duration retention, boolean includeCopy) {
        /** A request that asks for no tags, versions, copies or deleted blobs. */
        public Request(Optional<String> prefix, Optional<String> marker, Optional<Integer> maxResults,
                       Optional<String> delimiter, boolean includeMetadata) {
            this(prefix, marker, maxResults, delimiter, includeMetadata, false, false, null, false);
        }
    }

    private static final long DAY_MILLIS = Duration.ofDays(1).toMillis();

    private BlobListXml() {
    }

    public static byte[] write(String serviceEndpoint, String container, Request request, List<ListedBlob> items,
                               Optional<String> nextMarker, Instant now) {
        XmlWriter xml = new XmlWriter().startWithAttributes("EnumerationResults", "ServiceEndpoint", serviceEndpoint,
                "ContainerName", container);
        request.prefix().ifPresent(p -> xml.element("Prefix", p));
        request.marker().ifPresent(m -> xml.element("Marker", m));
        request.maxResults().ifPresent(m -> xml.element("MaxResults", m));
        request.delimiter().ifPresent(d -> xml.element("Delimiter", d));
        if (items.isEmpty()) {
            xml.empty("Blobs");
        } else {
            xml.start("Blobs");
            for (ListedBlob item : items) {
                if (item instanceof ListedPrefix prefix) {
                    xml.start("BlobPrefix").encodableElement("Name", prefix.name()).end("BlobPrefix");
                } else if (item instanceof ListedItem blob) {
                    xml.start("Blob").encodableElement("Name", blob.name());
                    if (blob.committed().isPresent() && blob.committed().get().isSnapshot()) {
                        xml.element("Snapshot", snapshotId(blob.committed().get().snapshot()));
                    }
                    if (blob.committed().isPresent()) {
                        versionAndDeletion(xml, blob, request.includeVersions());
                        properties(xml, blob.committed().get(), now, request.retention(), request.includeCopy());
                        if (request.includeMetadata()) {
                            MetadataXml.write(xml, blob.committed().get().metadata());
                        }
                        if (request.includeTags() && !blob.committed().get().tags().isEmpty()) {
                            TagsXml.writeTags(xml, blob.committed().get().tags());
                        }
                    } else {
                        xml.start("Properties").element("Content-Length", 0L)
                                .element("BlobType", BlobType.BLOCK_BLOB.wireName()).end("Properties");
                    }
                    xml.end("Blob");
                }
            }
            xml.end("Blobs");
        }
        return xml.element("NextMarker", nextMarker.orElse("")).end("EnumerationResults").bytes();
    }

    /** {@code VersionId}, {@code IsCurrentVersion} (when versions are listed) and {@code Deleted}. */
    private static void versionAndDeletion(XmlWriter xml, ListedItem item, boolean includeVersions) {
        BlobProperties blob = item.committed().orElseThrow();
        if (blob.versionId() != null && !blob.isSnapshot()) {
            xml.element("VersionId", blob.versionId());
            if (includeVersions && !item.previousVersion()) {
                xml.element("IsCurrentVersion", true);
            }
        }
        if (blob.deleted() != null) {
            xml.element("Deleted", true);
        }
    }

    private static String snapshotId(long ticks) {
        return SevenDigitTimes.format(Instant.ofEpochSecond(Math.floorDiv(ticks, 10_000_000L),
                Math.floorMod(ticks, 10_000_000L) * 100));
    }

    private static void properties(XmlWriter xml, BlobProperties blob, Instant now, Duration retention,
                                   boolean includeCopy) {
        ContentHeaders headers = blob.headers();
        xml.start("Properties")
                .element("Creation-Time", HttpDates.format(blob.created()))
                .element("Last-Modified", HttpDates.format(blob.lastModified()))
                .element("Etag", ETags.bare(blob.etag()))
                .element("Content-Length", blob.contentLength())
                .element("Content-Type", orEmpty(headers.contentType()))
                .element("Content-Encoding", orEmpty(headers.contentEncoding()))
                .element("Content-Language", orEmpty(headers.contentLanguage()))
                .element("Content-CRC64", "")
                .element("Content-MD5", headers.contentMd5() == null ? ""
                        : Base64.getEncoder().encodeToString(headers.contentMd5()))
                .element("Cache-Control", orEmpty(headers.cacheControl()))
                .element("Content-Disposition", orEmpty(headers.contentDisposition()));
        if (blob.type() == BlobType.PAGE_BLOB) {
            xml.element("x-ms-blob-sequence-number", blob.sequenceNumber());
        }
        xml.element("BlobType", blob.type().wireName());
        if (blob.type() == BlobType.BLOCK_BLOB) {
            Tiering tiering = blob.tiering();
            xml.element("AccessTier", tiering.tier().wireName());
            if (tiering.inferred()) {
                xml.element("AccessTierInferred", true);
            }
            if (tiering.rehydratingTo() != null) {
                xml.element("ArchiveStatus", "rehydrate-pending-to-" + tiering.rehydratingTo().wireName().toLowerCase(
                        Locale.ROOT));
            }
            if (tiering.priority() != null) {
                xml.element("RehydratePriority", tiering.priority());
            }
            if (tiering.changed() != null) {
                xml.element("AccessTierChangeTime", HttpDates.format(tiering.changed()));
            }
        }
        Lease.State state = blob.lease().state(now);
        xml.element("LeaseStatus", state.status()).element("LeaseState", state.wireName());
        if (state == Lease.State.LEASED) {
            xml.element("LeaseDuration", blob.lease().durationName());
        }
        if (includeCopy && blob.copy() != null) {
            copy(xml, blob.copy().at(now));
        }
        xml.element("ServerEncrypted", true);
        if (blob.deleted() != null) {
            xml.element("DeletedTime", HttpDates.format(blob.deleted()));
            if (retention != null) {
                long left = retention.minus(Duration.between(blob.deleted(), now)).toMillis();
                xml.element("RemainingRetentionDays", Math.max(0, (left + DAY_MILLIS - 1) / DAY_MILLIS));
            }
        }
        if (!blob.tags().isEmpty()) {
            xml.element("TagCount", blob.tags().size());
        }
        if (blob.type() == BlobType.APPEND_BLOB) {
            xml.element("Sealed", blob.sealed());
        }
        xml.end("Properties");
    }

    /** The copy that made the blob, as Get Blob Properties' {@code x-ms-copy-*} headers say it. */
    private static void copy(XmlWriter xml, CopyInfo copy) {
        xml.element("CopyId", copy.id()).element("CopyStatus", copy.status().wireName())
                .element("CopySource", copy.source()).element("CopyProgress", copy.progress());
        if (copy.status() != CopyInfo.Status.PENDING) {
            xml.element("CopyCompletionTime", HttpDates.format(copy.completed()));
        }
        if (copy.description() != null) {
            xml.element("CopyStatusDescription", copy.description());
        }
        if (copy.incrementalSnapshot() != BlobProperties.BASE) {
            xml.element("IncrementalCopy", true).element("CopyDestinationSnapshot",
                    snapshotId(copy.incrementalSnapshot()));
        }
    }

    private static String orEmpty(String value) {
        return value == null ? "" : value;
    }
}
