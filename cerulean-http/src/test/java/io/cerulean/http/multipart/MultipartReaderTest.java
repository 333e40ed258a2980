package io.cerulean.http.multipart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ErrorCode;
import io.cerulean.common.error.ServiceException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The multipart envelope (Table contract 6.1, the Blob batch), read as leniently as real clients need and in linear time. */
class MultipartReaderTest {

    private static List<MimePart> read(String body, String boundary) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return MultipartReader.read(bytes, 0, bytes.length, boundary, Integer.MAX_VALUE);
    }

    private static String content(MimePart part) {
        return new String(part.data(), part.start(), part.end() - part.start(), StandardCharsets.UTF_8);
    }

    private static ErrorCode failure(Runnable call) {
        ServiceException e = catchThrowableOfType(ServiceException.class, call::run);
        assertThat(e).as("should be refused").isNotNull();
        return e.errorCode();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "multipart/mixed; boundary=batch_1f2e",
        "multipart/mixed; boundary=\"batch_1f2e\"",
        "Multipart/Mixed;boundary=batch_1f2e",
        "multipart/mixed; charset=utf-8; BOUNDARY = batch_1f2e"})
    void boundaryComesFromTheContentTypeParameterQuotedOrNot(String contentType) {
        assertThat(MultipartReader.boundary(contentType)).isEqualTo("batch_1f2e");
    }

    @ParameterizedTest
    @ValueSource(strings = {"application/json", "multipart/mixed", "multipart/mixed; boundary=", "multipart/mixed; boundary=\"\""})
    void aContentTypeWithoutUsableBoundaryIsInvalidInput(String contentType) {
        assertThat(failure(() -> MultipartReader.boundary(contentType))).isEqualTo(CommonError.INVALID_INPUT);
        assertThat(failure(() -> MultipartReader.boundary(null))).isEqualTo(CommonError.INVALID_INPUT);
    }

    @Test
    void aBoundaryLongerThanSeventyCharactersIsRefused() {
        assertThat(failure(() -> MultipartReader.boundary("multipart/mixed; boundary=" + "b".repeat(71))))
                .isEqualTo(CommonError.INVALID_INPUT);
    }

    @Test
    void partsWithCrlfLineEndsKeepTheirContentWithoutTheDelimitersLineBreak() {
        List<MimePart> parts = read("--b\r\nContent-Type: text/plain\r\n\r\nfirst\r\nline two\r\n--b\r\n"
                + "content-type: x/y\r\n\r\nsecond\r\n--b--\r\n", "b");
        assertThat(parts).hasSize(2);
        assertThat(parts.get(0).headers().first("CONTENT-TYPE")).isEqualTo("text/plain");
        assertThat(content(parts.get(0))).isEqualTo("first\r\nline two");
        assertThat(parts.get(1).mediaType()).isEqualTo("x/y");
        assertThat(content(parts.get(1))).isEqualTo("second");
    }

    @Test
    void lfOnlyBodiesReadLikeCrlfBodies() {
        List<MimePart> parts = read("--b\nContent-Type: text/plain\n\nfirst\n--b\n\nsecond\n--b--\n", "b");
        assertThat(parts).extracting(MultipartReaderTest::content).containsExactly("first", "second");
        assertThat(parts.get(1).headers().isEmpty()).isTrue();
    }

    @Test
    void aPreambleAndAnEpilogueAreIgnored() {
        List<MimePart> parts = read("This is a preamble.\r\n--b\r\n\r\nonly\r\n--b--\r\nepilogue\r\n--b\r\n\r\nnot a part", "b");
        assertThat(parts).extracting(MultipartReaderTest::content).containsExactly("only");
    }

    @Test
    void aMissingCloseDelimiterEndsTheBodyAtItsEnd() {
        assertThat(read("--b\r\n\r\nfirst\r\n--b\r\n", "b")).extracting(MultipartReaderTest::content)
                .containsExactly("first");
        assertThat(read("--b\r\n\r\nfirst\r\n--b", "b")).extracting(MultipartReaderTest::content)
                .containsExactly("first");
        assertThat(read("--b\r\n\r\nfirst\r\n", "b")).extracting(MultipartReaderTest::content)
                .containsExactly("first");
    }

    @Test
    void aLineThatOnlyStartsLikeTheDelimiterIsContent() {
        List<MimePart> parts = read("--b\r\n\r\n--bx is text\r\n--b-- also text\r\n--b  \r\n\r\nnext\r\n--b--", "b");
        assertThat(parts).extracting(MultipartReaderTest::content)
                .containsExactly("--bx is text\r\n--b-- also text", "next");
    }

    @Test
    void foldedHeaderLinesContinueTheValue() {
        List<MimePart> parts = read("--b\r\nContent-Type: multipart/mixed;\r\n  boundary=c\r\n\r\nx\r\n--b--", "b");
        assertThat(parts.get(0).headers().first("Content-Type")).isEqualTo("multipart/mixed; boundary=c");
    }

    @Test
    void readingStopsWhenOneMorePartThanWantedBegins() {
        byte[] body = "--b\r\n\r\none\r\n--b\r\n\r\ntwo\r\n--b\r\n\r\nthree\r\n--b--".getBytes(StandardCharsets.UTF_8);
        assertThat(MultipartReader.read(body, 0, body.length, "b", 2)).extracting(MultipartReaderTest::content)
                .containsExactly("one", "two");
    }

    @Test
    void aBodyWithoutAnyDelimiterIsInvalidInput() {
        assertThat(failure(() -> read("{\"PartitionKey\":\"p\"}", "b"))).isEqualTo(CommonError.INVALID_INPUT);
        assertThat(failure(() -> read("", "b"))).isEqualTo(CommonError.INVALID_INPUT);
    }

    @Test
    void aHeaderLineWithoutColonIsInvalidInput() {
        assertThat(failure(() -> read("--b\r\nnot a header\r\n\r\nx\r\n--b--", "b"))).isEqualTo(CommonError.INVALID_INPUT);
        assertThat(failure(() -> read("--b\r\n: no name\r\n\r\nx\r\n--b--", "b"))).isEqualTo(CommonError.INVALID_INPUT);
        // The shortest header there is: a one-letter name right before the colon, no blanks.
        assertThat(read("--b\r\na:b\r\n\r\nx\r\n--b--", "b").get(0).headers().first("A")).isEqualTo("b");
    }

    @Test
    void aHeaderBlockOfMoreThanTwoHundredLinesIsInvalidInput() {
        assertThat(read("--b\r\n" + "x: y\r\n".repeat(200) + "\r\nz\r\n--b--", "b")).hasSize(1);
        assertThat(failure(() -> read("--b\r\n" + "x: y\r\n".repeat(201) + "\r\nz\r\n--b--", "b")))
                .isEqualTo(CommonError.INVALID_INPUT);
    }

    @Test
    void hostileBodiesOfFourMebibytesAreReadInLinearTime() {
        int size = 4 * 1024 * 1024;
        String[] hostile = {
            "-".repeat(size),                                   // one endless line that starts like a delimiter
            "--b".repeat(size / 3),                             // delimiter look-alikes on one line
            "\n".repeat(size),                                  // only line breaks
            "--b\n".repeat(size / 4),                           // a delimiter on every line: empty parts
            "--b\r\n" + "x: y\r\n".repeat(size / 6),            // one part of endless headers
        };
        long started = System.nanoTime();
        for (String body : hostile) {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            try {
                MultipartReader.read(bytes, 0, bytes.length, "b", 101); // as a change set is read
            } catch (ServiceException e) {
                assertThat(e.errorCode()).isEqualTo(CommonError.INVALID_INPUT);
            }
        }
        // A quadratic scan of 4 MiB would take hours; linear ones take milliseconds even on a loaded machine.
        assertThat((System.nanoTime() - started) / 1_000_000).as("milliseconds for %d hostile bodies", hostile.length)
                .isLessThan(20_000);
    }
}
