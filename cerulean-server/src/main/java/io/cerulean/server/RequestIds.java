package io.cerulean.server;

import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/** Request ids for {@code x-ms-request-id}: random UUIDs, made without contention. */
final class RequestIds {
    private RequestIds() {
    }

    static String next() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return new UUID(random.nextLong(), random.nextLong()).toString();
    }
}
