package io.cerulean.bench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Base64;
import org.junit.jupiter.api.Test;

class LargeBlobTest {
    @Test
    void upToFourMebibytesGoesUpInOnePutBlob() {
        LargeBlob one = LargeBlob.ofMebibytes(1);
        assertThat(one.singleShot()).isTrue();
        assertThat(one.blocks()).isZero();
        assertThat(one.blockBytes()).isEqualTo(1024 * 1024);
        assertThat(one.label()).isEqualTo("1 MiB");
        assertThat(one.how()).isEqualTo("one Put Blob");
        assertThat(LargeBlob.ofMebibytes(4).singleShot()).isTrue();
    }

    @Test
    void largerBlobsAreWholeFourMebibyteBlocksWithIdsOfOneLength() {
        LargeBlob gib = LargeBlob.ofMebibytes(1024);
        assertThat(gib.singleShot()).isFalse();
        assertThat(gib.blocks()).isEqualTo(256);
        assertThat(gib.blockBytes()).isEqualTo(4 * 1024 * 1024);
        assertThat(gib.label()).isEqualTo("1 GiB");
        assertThat(gib.how()).isEqualTo("4 MiB blocks");
        assertThat(gib.blockIds()).doesNotHaveDuplicates()
                .allSatisfy(id -> assertThat(id).hasSize(gib.blockIds().get(0).length()));
        assertThat(new String(Base64.getDecoder().decode(gib.blockIds().get(255)))).isEqualTo("block-00255");
        assertThat(LargeBlob.ofMebibytes(64).blocks()).isEqualTo(16);
        assertThat(LargeBlob.ofMebibytes(64).label()).isEqualTo("64 MiB");
    }

    @Test
    void shapesNoUploadHasAreRefused() {
        for (long mib : new long[] {0, -4, 6, 65, 16_388, 1L << 43, 1L << 44, Long.MAX_VALUE}) {
            assertThatThrownBy(() -> LargeBlob.ofMebibytes(mib)).as("%d MiB", mib)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(mib + " MiB");
        }
        assertThat(LargeBlob.ofMebibytes(16_384).blocks()).isEqualTo(4096);
    }
}
