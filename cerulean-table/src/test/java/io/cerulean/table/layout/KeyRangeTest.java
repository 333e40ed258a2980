package io.cerulean.table.layout;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.table.model.EntityKey;
import org.junit.jupiter.api.Test;

class KeyRangeTest {
    private static EntityKey key(String pk, String rk) {
        return new EntityKey(pk, rk);
    }

    @Test
    void partitionRangeHoldsExactlyThatPartition() {
        KeyRange range = KeyRange.partition("b");
        assertThat(range.contains(key("b", ""))).isTrue();
        assertThat(range.contains(key("b", "\uFFFF"))).isTrue();
        assertThat(range.contains(key("a", "zzz"))).isFalse();
        assertThat(range.contains(key("ba", ""))).isFalse();
    }

    @Test
    void exclusivePartitionEdgesSkipTheWholePartition() {
        KeyRange afterB = new KeyRange(KeyBound.partitionExcluded("b"), null);
        assertThat(afterB.contains(key("b", "zzz"))).isFalse();
        assertThat(afterB.contains(key("b\u0001", ""))).isTrue();
        KeyRange beforeB = new KeyRange(null, KeyBound.partitionExcluded("b"));
        assertThat(beforeB.contains(key("b", ""))).isFalse();
        assertThat(beforeB.contains(key("a", "zzz"))).isTrue();
    }

    @Test
    void rowBoundsAreInclusiveOrExclusiveAsSaid() {
        KeyRange range = new KeyRange(KeyBound.exclusive("p", "a"), KeyBound.inclusive("p", "c"));
        assertThat(range.contains(key("p", "a"))).isFalse();
        assertThat(range.contains(key("p", "a0"))).isTrue();
        assertThat(range.contains(key("p", "c"))).isTrue();
        assertThat(range.contains(key("p", "c0"))).isFalse();
        assertThat(range.contains(key("q", ""))).isFalse();
    }

    @Test
    void resumingNeverMovesTheStartBackwards() {
        KeyRange range = new KeyRange(KeyBound.inclusive("p", "m"), null);
        assertThat(range.resumingAt(key("p", "a"))).isEqualTo(range);
        assertThat(range.resumingAt(key("p", "x")).lower()).isEqualTo(KeyBound.inclusive("p", "x"));
        KeyRange partition = KeyRange.partition("p");
        assertThat(partition.resumingAt(key("p", "")).lower()).isEqualTo(KeyBound.inclusive("p", ""));
        assertThat(partition.resumingAt(key("p", "")).contains(key("p", ""))).isTrue();
    }
}
