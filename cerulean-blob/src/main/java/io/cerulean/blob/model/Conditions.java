package io.cerulean.blob.model;

import io.cerulean.blob.error.BlobError;
import io.cerulean.common.error.ServiceException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * The HTTP conditions a request puts on a blob or container (contract 4.1): {@code If-Match} and
 * {@code If-None-Match} with their ETags (any one of several listed matches; {@code *} matches any
 * existing resource), {@code If-Modified-Since} and {@code If-Unmodified-Since}, compared at the
 * one-second resolution of {@code Last-Modified}; and, as the SDKs' request conditions carry it, the
 * lease id the caller holds ({@code x-ms-lease-id}). Null means the header was not sent.
 *
 * <p>{@code ifTags} is {@code x-ms-if-tags} (or a copy's {@code x-ms-source-if-tags}), null when not
 * sent: the blob's tags must pass it, or the request fails as a failed {@code If-Match} does.
 *
 * <p>{@code createOnly} is what the caller's grant adds: it may create a blob but not write over one
 * (a shared access signature with {@code c} and no {@code w}). Like {@code If-None-Match: *}, it is
 * checked in the write's own commit, so a blob created meanwhile is never replaced.
 */
public record Conditions(List<String> ifMatch, List<String> ifNoneMatch, Instant ifModifiedSince,
                         Instant ifUnmodifiedSince, String leaseId, boolean createOnly, TagFilter ifTags) {
    public static final Conditions NONE = new Conditions(null, null, null, null, null);

    /** Conditions with no tag condition. */
    public Conditions(List<String> ifMatch, List<String> ifNoneMatch, Instant ifModifiedSince,
                      Instant ifUnmodifiedSince, String leaseId, boolean createOnly) {
        this(ifMatch, ifNoneMatch, ifModifiedSince, ifUnmodifiedSince, leaseId, createOnly, null);
    }

    /** Conditions a request sent, its grant allowing any write. */
    public Conditions(List<String> ifMatch, List<String> ifNoneMatch, Instant ifModifiedSince,
                      Instant ifUnmodifiedSince, String leaseId) {
        this(ifMatch, ifNoneMatch, ifModifiedSince, ifUnmodifiedSince, leaseId, false);
    }

    /** Conditions without a lease id. */
    public Conditions(List<String> ifMatch, List<String> ifNoneMatch, Instant ifModifiedSince,
                      Instant ifUnmodifiedSince) {
        this(ifMatch, ifNoneMatch, ifModifiedSince, ifUnmodifiedSince, null);
    }

    public Conditions {
        ifMatch = ifMatch == null ? null : List.copyOf(ifMatch);
        ifNoneMatch = ifNoneMatch == null ? null : List.copyOf(ifNoneMatch);
    }

    /** The same conditions without the lease id: a lease action names its lease another way. */
    public Conditions withoutLease() {
        return new Conditions(ifMatch, ifNoneMatch, ifModifiedSince, ifUnmodifiedSince, null, createOnly, ifTags);
    }

    /** The same conditions with {@code filter} as the tag condition. */
    public Conditions withIfTags(TagFilter filter) {
        return new Conditions(ifMatch, ifNoneMatch, ifModifiedSince, ifUnmodifiedSince, leaseId, createOnly, filter);
    }

    /** Whether a blob with {@code tags} passes the tag condition (none sent: it does). */
    public boolean tagsHold(java.util.Map<String, String> tags) {
        return ifTags == null || ifTags.matches(tags, null);
    }

    /** 412 ConditionNotMet unless a blob with {@code tags} passes the tag condition ({@link #tagsHold}). */
    public void checkTags(java.util.Map<String, String> tags) {
        if (!tagsHold(tags)) {
            throw new ServiceException(BlobError.CONDITION_NOT_MET);
        }
    }

    /** The same conditions for a caller who may create the blob but not write over it. */
    public Conditions creatingOnly() {
        return new Conditions(ifMatch, ifNoneMatch, ifModifiedSince, ifUnmodifiedSince, leaseId, true, ifTags);
    }

    /** What the conditions say of a resource. */
    public enum Verdict {
        MET,
        /** If-Match or If-Unmodified-Since failed: 412 ConditionNotMet. */
        FAILED,
        /** If-None-Match or If-Modified-Since failed: 304 on a read, 412 on a write. */
        NOT_MODIFIED
    }

    /** {@code If-None-Match: *}: the resource must not exist (on a write, 409 BlobAlreadyExists if it does). */
    public boolean requiresAbsent() {
        return ifNoneMatch != null && ifNoneMatch.contains("*");
    }

    /** The verdict on an existing resource of ETag version {@code etag}, last modified at {@code lastModified}. */
    public Verdict check(long etag, Instant lastModified) {
        String tag = ETags.bare(etag);
        Instant modified = lastModified.truncatedTo(ChronoUnit.SECONDS);
        if (ifMatch != null && !matchesAny(ifMatch, tag)) {
            return Verdict.FAILED;
        }
        if (ifUnmodifiedSince != null && modified.isAfter(ifUnmodifiedSince)) {
            return Verdict.FAILED;
        }
        if (ifNoneMatch != null && matchesAny(ifNoneMatch, tag)) {
            return Verdict.NOT_MODIFIED;
        }
        if (ifModifiedSince != null && !modified.isAfter(ifModifiedSince)) {
            return Verdict.NOT_MODIFIED;
        }
        return Verdict.MET;
    }

    /** The verdict on a resource that does not exist: only If-Match and the tag condition can fail there. */
    public Verdict checkAbsent() {
        return ifMatch != null || !tagsHold(java.util.Map.of()) ? Verdict.FAILED : Verdict.MET;
    }

    private static boolean matchesAny(List<String> tags, String tag) {
        for (String candidate : tags) {
            if (candidate.equals("*") || unquoted(candidate).equals(tag)) {
                return true;
            }
        }
        return false;
    }

    private static String unquoted(String tag) {
        String t = tag.trim();
        if (t.startsWith("W/")) {
            t = t.substring(2);
        }
        if (t.length() >= 2 && t.startsWith("\"") && t.endsWith("\"")) {
            t = t.substring(1, t.length() - 1);
        }
        return t;
    }
}
