package io.cerulean.blob.service;

import io.cerulean.blob.error.BlobError;
import io.cerulean.blob.model.Conditions;
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
