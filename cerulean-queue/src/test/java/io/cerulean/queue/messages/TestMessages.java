package io.cerulean.queue.messages;

import io.cerulean.queue.layout.MessageLayout;
import io.cerulean.queue.layout.MessageLayout.Position;
import io.cerulean.queue.layout.MessageLayout.StoredMessage;
import io.cerulean.queue.layout.RandomIds;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/** Messages made to order for the tests of this package: in a chosen bucket, at a chosen place. */
final class TestMessages {
    private TestMessages() {
    }

    /** A new message in {@code bucket}, visible at {@code visibleAt}, expiring at {@code expires}. */
    static StoredMessage inBucket(int bucket, long visibleAt, long sequence, long expires, String text) {
        long random = ThreadLocalRandom.current().nextLong();
        UUID id = new UUID(ThreadLocalRandom.current().nextLong(), (random & ~(long) (MessageLayout.BUCKETS - 1)) | bucket);
        return new StoredMessage(id, new Position(visibleAt, sequence), RandomIds.next(), visibleAt, expires, 0, text);
    }
}
