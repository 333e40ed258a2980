package io.cerulean.blob.rest.resource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BlobPathParserTest {
    @Test
    void aBlobNameIsTheRestOfThePathDecodedOnceWithItsSlashes() {
        assertThat(BlobPathParser.parse("/acct/photos/2026/cat%20one.jpg", null))
                .isEqualTo(new BlobResource("acct", false, BlobResourceKind.BLOB, "photos", "2026/cat one.jpg"));
        assertThat(BlobPathParser.parse("/acct/photos/dir/", null).blob()).as("a trailing slash is the name's")
                .isEqualTo("dir/");
        assertThat(BlobPathParser.parse("/acct/photos/a//b", null).blob()).isEqualTo("a//b");
        assertThat(BlobPathParser.parse("/acct/photos/100%25%2Bplus", null).blob()).isEqualTo("100%+plus");
    }

    @Test
    void theServiceAContainerAndTheSecondary() {
        assertThat(BlobPathParser.parse("/acct", null).kind()).isEqualTo(BlobResourceKind.SERVICE);
        assertThat(BlobPathParser.parse("/acct/", null).kind()).isEqualTo(BlobResourceKind.SERVICE);
        assertThat(BlobPathParser.parse("/acct/photos", "container"))
                .isEqualTo(new BlobResource("acct", false, BlobResourceKind.CONTAINER, "photos", null));
        assertThat(BlobPathParser.parse("/acct/photos/", "container").kind()).isEqualTo(BlobResourceKind.CONTAINER);
        assertThat(BlobPathParser.parse("/acct-secondary/acct", "service"))
                .isEqualTo(new BlobResource("acct", true, BlobResourceKind.SERVICE, null, null));
    }

    @Test
    void aNameAtTheAccountsRootIsABlobOfTheRootContainerUnlessARestypeIsSent() {
        assertThat(BlobPathParser.parse("/acct/photo.jpg", null))
                .isEqualTo(new BlobResource("acct", false, BlobResourceKind.BLOB, "$root", "photo.jpg"));
        assertThat(BlobPathParser.parse("/acct/a%5Cb", null).blob()).isEqualTo("a/b");
        assertThat(BlobPathParser.parse("/acct/photos", "container").kind()).isEqualTo(BlobResourceKind.CONTAINER);
        assertThat(BlobPathParser.parse("/acct/photos", "account").kind()).isEqualTo(BlobResourceKind.CONTAINER);
        assertThat(BlobPathParser.parse("/acct/photos/", null))
                .as("a trailing slash names a container, not a blob of an empty name")
                .isEqualTo(new BlobResource("acct", false, BlobResourceKind.CONTAINER, "photos", null));
        assertThat(BlobPathParser.parse("/acct/$root/photo.jpg", null))
                .isEqualTo(new BlobResource("acct", false, BlobResourceKind.BLOB, "$root", "photo.jpg"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/", "//c", "/acct//b"})
    void aPathWithNoAccountOrContainerIsInvalidUri(String path) {
        ServiceException refused = catchThrowableOfType(ServiceException.class, () -> BlobPathParser.parse(path, null));
        assertThat(refused.errorCode()).isEqualTo(CommonError.INVALID_URI);
    }
}
