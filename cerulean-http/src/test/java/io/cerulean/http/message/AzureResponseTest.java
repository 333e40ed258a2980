package io.cerulean.http.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class AzureResponseTest {
    @Test
    void aBodyGivenAsTheStartOfALargerArrayIsThatStartAlone() {
        byte[] array = "{\"value\":[]}and then garbage".getBytes(StandardCharsets.US_ASCII);
        AzureResponse response = AzureResponse.status(200).body("application/json", ByteBuffer.wrap(array, 0, 12));
        assertThat(response.bodyLength()).isEqualTo(12);
        assertThat(response.bodyArray()).isSameAs(array);
        assertThat(new String(response.body(), StandardCharsets.US_ASCII)).isEqualTo("{\"value\":[]}");
        assertThat(response.headers()).containsExactly(java.util.Map.entry("Content-Type", "application/json"));
    }

    @Test
    void aBodyGivenAsAWholeArrayIsThatArray() {
        byte[] array = "{}".getBytes(StandardCharsets.US_ASCII);
        AzureResponse response = AzureResponse.status(201).body("application/json", array);
        assertThat(response.body()).isSameAs(array);
        assertThat(response.bodyLength()).isEqualTo(2);
        assertThat(AzureResponse.status(204).bodyLength()).isZero();
    }

    @Test
    void aBodyThatDoesNotStartItsArrayIsRefused() {
        ByteBuffer window = ByteBuffer.wrap(new byte[8], 2, 4);
        assertThatThrownBy(() -> AzureResponse.status(200).body("application/json", window))
                .isInstanceOf(IllegalArgumentException.class);
        ByteBuffer slice = ByteBuffer.wrap(new byte[8], 2, 4).slice();
        assertThatThrownBy(() -> AzureResponse.status(200).body("application/json", slice))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aStreamedBodyIsNoneOfTheBytesHeldAndSaysItsLength() {
        ResponseContent content = new ResponseContent() {
            @Override
            public long length() {
                return 3L << 30;
            }

            @Override
            public int read(ByteBuffer target) {
                throw new AssertionError("not read here");
            }

            @Override
            public void close() {
            }
        };
        AzureResponse response = AzureResponse.status(200).body("application/octet-stream", content);

        assertThat(response.content()).isSameAs(content);
        assertThat(response.bodyLength()).isZero();
        assertThat(response.body()).isEmpty();
        assertThat(response.contentLength()).isEqualTo(3L << 30);
        assertThat(response.headers()).containsExactly(java.util.Map.entry("Content-Type", "application/octet-stream"));
    }

    @Test
    void aDeclaredLengthIsStatedWithoutABody() {
        AzureResponse response = AzureResponse.status(200).declaredLength(1234);

        assertThat(response.contentLength()).isEqualTo(1234);
        assertThat(response.bodyLength()).isZero();
        assertThat(response.content()).isNull();
        assertThat(AzureResponse.status(200).declaredLength()).isEqualTo(-1);
        assertThatThrownBy(() -> AzureResponse.status(200).declaredLength(-1))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
