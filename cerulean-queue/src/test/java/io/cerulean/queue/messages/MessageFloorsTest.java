package io.cerulean.queue.messages;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.queue.layout.MessageLayout.Position;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Where the reads of a bucket start: past what is gone, never past a message still to be found,
 * and on a shared store never closer to now than another server's write may land.
 */
class MessageFloorsTest {
    private static final long NOW = 1_000_000_000L;

    private static Position at(long visibleAt) {
        return new Position(visibleAt, 0);
    }

    /** A scan of the bucket at {@code now} that found {@code first} first (empty: nothing). */
    private static MessageFloors.Scan scan(MessageFloors.Bucket bucket, long now, Optional<Position> first) {
        MessageFloors.Scan scan = bucket.beginScan(now);
        bucket.endScan(scan, first);
        return scan;
    }

    @Test
    void onAnExclusiveStoreTheFloorRisesToTheFirstRowFoundOrPastTheScansTime() {
        MessageFloors.Bucket bucket = new MessageFloors(true).bucket(7, 0);
        assertThat(bucket.floor()).as("a new bucket is read from its start").isEmpty();
        assertThat(scan(bucket, NOW, Optional.of(at(NOW - 5))).from()).isEmpty();
        assertThat(bucket.floor()).contains(at(NOW - 5));
        assertThat(bucket.beginScan(NOW).from()).contains(at(NOW - 5));
        scan(bucket, NOW, Optional.empty());
        assertThat(bucket.floor()).as("nothing visible up to now").contains(new Position(NOW + 1, 0));
        scan(bucket, NOW + 10, Optional.of(at(NOW - 100)));
        assertThat(bucket.floor()).as("a floor never falls by a scan").contains(new Position(NOW + 1, 0));
    }

    @Test
    void aWriteBelowTheFloorLowersIt() {
        MessageFloors.Bucket bucket = new MessageFloors(true).bucket(7, 0);
        scan(bucket, NOW, Optional.empty());
        bucket.writing(at(NOW - 30));
        bucket.written(at(NOW - 30));
        assertThat(bucket.floor()).contains(at(NOW - 30));
    }

    @Test
    void aScanDuringWhichAWriteWasAnnouncedLeavesTheFloorWhereItWas() {
        MessageFloors.Bucket bucket = new MessageFloors(true).bucket(7, 0);
        scan(bucket, NOW, Optional.of(at(NOW - 50)));
        MessageFloors.Scan scan = bucket.beginScan(NOW);
        bucket.writing(at(NOW - 10));
        bucket.written(at(NOW - 10));
        bucket.endScan(scan, Optional.empty()); // it began before the write: it may not have seen it
        assertThat(bucket.floor()).contains(at(NOW - 50));
    }

    @Test
    void aScanBegunWhileAWriteIsUnderWayStopsTheFloorBelowThatWrite() {
        MessageFloors.Bucket bucket = new MessageFloors(true).bucket(7, 0);
        bucket.writing(at(NOW - 10));
        scan(bucket, NOW, Optional.empty());
        assertThat(bucket.floor()).contains(at(NOW - 10));
        bucket.written(at(NOW - 10));
        scan(bucket, NOW, Optional.empty());
        assertThat(bucket.floor()).as("once written").contains(new Position(NOW + 1, 0));
    }

    @Test
    void onASharedStoreTheFloorStaysAMarginBeforeTheScansTime() {
        MessageFloors.Bucket bucket = new MessageFloors(false).bucket(7, 0);
        scan(bucket, NOW, Optional.empty());
        assertThat(bucket.floor()).contains(at(NOW - MessageFloors.OTHERS_MARGIN_MS));
        scan(bucket, NOW + 1, Optional.of(at(NOW - 10 * MessageFloors.OTHERS_MARGIN_MS)));
        assertThat(bucket.floor()).as("a row found further back does not lower it")
                .contains(at(NOW - MessageFloors.OTHERS_MARGIN_MS));
    }

    @Test
    void onASharedStoreABucketIsReadFromItsStartAgainEveryFewSeconds() {
        MessageFloors.Bucket bucket = new MessageFloors(false).bucket(7, 0);
        long every = MessageFloors.FROM_START_EVERY_MS;
        assertThat(scan(bucket, NOW, Optional.empty()).from()).as("a new bucket").isEmpty();
        assertThat(scan(bucket, NOW + 1, Optional.empty()).from()).as("just after").isPresent();
        assertThat(scan(bucket, NOW + every - 1, Optional.empty()).from()).as("not yet").isPresent();
        assertThat(scan(bucket, NOW + every, Optional.empty()).from()).as("a while after the last").isEmpty();
        assertThat(scan(bucket, NOW + every + 1, Optional.empty()).from()).as("counted from then").isPresent();
        assertThat(scan(bucket, NOW + 2 * every, Optional.empty()).from()).as("and again").isEmpty();
    }

    @Test
    void onAnExclusiveStoreABucketIsNeverReadFromItsStartOnceItHasAFloor() {
        MessageFloors.Bucket exclusive = new MessageFloors(true).bucket(7, 0);
        scan(exclusive, NOW, Optional.empty());
        assertThat(scan(exclusive, NOW + 10 * MessageFloors.FROM_START_EVERY_MS, Optional.empty()).from()).isPresent();
    }

    @Test
    void exclusivityIsWhatTheFloorsWereMadeWith() {
        assertThat(new MessageFloors(true).exclusive()).isTrue();
        assertThat(new MessageFloors(false).exclusive()).isFalse();
    }

    @Test
    void aListingForgetsTheInstancesMissingFromItButNotOnesFirstSeenWhileItRan() {
        MessageFloors floors = new MessageFloors(true);
        scan(floors.bucket(1, 3), NOW, Optional.empty());
        scan(floors.bucket(2, 3), NOW, Optional.empty());
        long listing = floors.beginListing();
        scan(floors.bucket(3, 3), NOW, Optional.empty()); // a queue made while the catalogue was read
        floors.keepOnly(List.of(2L), listing);
        assertThat(floors.bucket(1, 3).floor()).as("dropped: forgotten").isEmpty();
        assertThat(floors.bucket(2, 3).floor()).as("listed").isPresent();
        assertThat(floors.bucket(3, 3).floor()).as("new since the listing began").isPresent();
        floors.forget(2);
        assertThat(floors.bucket(2, 3).floor()).isEmpty();
    }
}
