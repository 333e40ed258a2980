package io.cerulean.jmh;

import io.cerulean.blob.model.StorageCrc64;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The two checksums every blob upload's body goes through as it streams in, per MiB: MD5 (the JDK's)
 * and the storage service's CRC-64 (slicing-by-8), over heap and direct buffers as the kernel hands
 * them over.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Thread)
public class ChecksumBenchmark {
    private static final int MIB = 1024 * 1024;

    @Param({"heap", "direct"})
    public String buffer;

    private ByteBuffer body;
    private MessageDigest md5;

    @Setup(Level.Trial)
    public void setUp() throws NoSuchAlgorithmException {
        byte[] bytes = new byte[MIB];
        new Random(3).nextBytes(bytes);
        body = "direct".equals(buffer) ? ByteBuffer.allocateDirect(MIB) : ByteBuffer.allocate(MIB);
        body.put(bytes).flip();
        md5 = MessageDigest.getInstance("MD5");
    }

    @Benchmark
    public byte[] md5() {
        md5.update(body.duplicate());
        return md5.digest();
    }

    @Benchmark
    public long crc64() {
        StorageCrc64 crc = new StorageCrc64();
        crc.update(body.duplicate());
        return crc.value();
    }
}
