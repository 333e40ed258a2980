package io.cerulean.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HexFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each expected value is what Node.js 20 prints for
 * {@code Buffer.from(text, 'base64').toString('hex')}, the call Azurite reads its account keys with.
 */
class NodeBase64Test {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            # valid base64 reads as everywhere
            Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw== | 11bcbcbdd334db134e72a165a94c093cb96612d9420d7275394cc54f9d2e49167a205b2e16ad94544ac2cf823ab6afcad526453d33adaff2811c17a4b2818c1b
            key1                  | 91ecb5
            # padding is optional; what follows the first '=' is ignored
            QQ                    | 41
            QQ==QUJD              | 41
            ab=cd                 | 69
            password=1            | a5ab2cc28add
            # characters outside the alphabet are skipped, whitespace too
            QU!JD                 | 414243
            s3cr3t*value          | b3772bdedbda96e7
            "Q Q\tQ Q"            | 410410
            $ecret key!           | 79cadeb647b2
            # the URL-safe alphabet is read too, even mixed with the other
            a-_b                  | 6befdb
            my_account-key.2024   | 9b2fda71ca2e9edfa47b2db4db
            # a lone character in its group adds nothing; trailing bits are dropped
            a                     | ""
            abc                   | 69b7
            QR==                  | 41
            # a character counts by its low byte: Ł (U+0141) reads as 'A', é (U+00E9) is skipped
            QŁ==                  | 40
            Zm9véYmFy             | 666f6f626172
            !!!                   | ""
            """)
    void decodesAsNodeDoes(String text, String hex) {
        assertThat(HexFormat.of().formatHex(NodeBase64.decode(text))).isEqualTo(hex);
    }
}
