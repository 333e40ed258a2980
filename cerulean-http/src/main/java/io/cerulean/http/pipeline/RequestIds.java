package io.cerulean.http.pipeline;

import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/** Request ids for {@code x-ms-request-id}: random UUIDs, made without contention. */
public final class RequestIds {
    private RequestIds() {
    }

    public static String next() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return new UUID(random.nextLong(), random.nextLong()).toString();
    }
}
