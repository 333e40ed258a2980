package io.cerulean.blob.service;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.BlobProperties;
import io.cerulean.blob.model.Conditions;
import io.cerulean.blob.model.Lease;
import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import java.time.Instant;

/** What every write of the Blob service checks and counts alike, containers and blobs. */
final class Writes {
    /** Commits lost to other writers on one resource before giving up with 503 ServerBusy. */
    static final int MAX_ATTEMPTS = 100;
    /** .NET ticks (100 ns since 0001-01-01) at the Unix epoch: ETags then read like Azure's. */
    static final long EPOCH_TICKS = 621_355_968_000_000_000L;

    private Writes() {
    }

    /** On a write, any failed condition is 412 ConditionNotMet. */
    static void check(Conditions conditions, long etag, Instant lastModified) {
        if (conditions.check(etag, lastModified) != Conditions.Verdict.MET) {
            throw new ServiceException(BlobError.CONDITION_NOT_MET);
        }
    }

    /** On a blob, a failed tag condition ({@code x-ms-if-tags}) is 412 ConditionNotMet too. */
    static void check(Conditions conditions, BlobProperties blob) {
        check(conditions, blob.etag(), blob.lastModified());
        conditions.checkTags(blob.tags());
    }

    /**
     * The conditions of a write that may create the blob (Put Blob, Put Block List, a copy's target),
     * lease included, on {@code old}, the blob as read (null: none). Run on the partition as read,
     * whose blob row the commit then requires unchanged (absent, or at the version read), so what they
     * decide holds when the write lands.
     */
    static void checkCreateOrReplace(Conditions conditions, BlobProperties old, Instant now) {
        if (old != null && conditions.createOnly()) {
            throw new ServiceException(CommonError.AUTHORIZATION_PERMISSION_MISMATCH,
                    CommonError.AUTHORIZATION_PERMISSION_MISMATCH.message() + " The caller may create blobs but not"
                            + " write over one, and '" + old.name() + "' exists.");
        }
        Leases.checkBlobWrite(old == null ? Lease.NONE : old.lease(), conditions.leaseId(), now);
        if (old == null) {
            if (conditions.checkAbsent() != Conditions.Verdict.MET) {
                throw new ServiceException(BlobError.CONDITION_NOT_MET);
            }
            return;
        }
        if (conditions.requiresAbsent()) {
            throw new ServiceException(BlobError.BLOB_ALREADY_EXISTS);
        }
        check(conditions, old);
    }

    /**
     * A write to an existing blob (Append Block, Put Page, Delete Blob, a change of its properties): 404
     * BlobNotFound, then its lease, then {@code conditions}. Returns the blob as read.
     */
    static BlobProperties checkExisting(BlobPartition partition, Conditions conditions, Instant now) {
        BlobProperties old = partition.existing();
        Leases.checkBlobWrite(old.lease(), conditions.leaseId(), now);
        check(conditions, old);
        return old;
    }

    /** 100 ns ticks since 0001-01-01, as .NET counts them. */
    static long ticks(Instant now) {
        return EPOCH_TICKS + now.getEpochSecond() * 10_000_000L + now.getNano() / 100;
    }

    /** 503 ServerBusy after {@link #MAX_ATTEMPTS} commits lost on {@code what} ("blob", "container"). */
    static ServiceException busy(String what) {
        return new ServiceException(CommonError.SERVER_BUSY,
                "The " + what + " is being changed by too many concurrent requests; please retry.");
    }
}
