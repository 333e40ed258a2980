#!/bin/sh
# Cerulean. This file is a shell script followed by the runnable jar: `cerulean serve` starts the
# server with JVM settings for a small, steady footprint, and `java -jar cerulean` works as well.
#
# The defaults: a heap of at most 96 MB, half of it the young generation (a request's garbage
# dies young, and the data lives in RocksDB, off the heap, so little is ever old), the serial
# collector (no collector threads competing for a few cores), two malloc arenas for RocksDB's
# native memory instead of one per thread, and the memory malloc keeps after it is freed handed
# back to the system every 5 seconds (a Java without that setting ignores it).
# JAVA_OPTS replaces the JVM settings (an empty one keeps them), MALLOC_ARENA_MAX the arenas;
# JAVA_HOME picks the Java.
#
# The build leaves cerulean.jsa beside this file: the classes a start loads, which the JVM maps
# instead of loading one by one (class data sharing). A Java other than the build's, or a copy of
# this file elsewhere (or a link to it), cannot use it; the JVM then starts without it, silently.
: "${MALLOC_ARENA_MAX:=2}"
export MALLOC_ARENA_MAX
if [ -n "$JAVA_HOME" ]; then JAVA="$JAVA_HOME/bin/java"; else JAVA=java; fi
# JAVA_OPTS is split into words on purpose, as it holds several options, but not globbed.
set -f
DEFAULT_OPTS="-Xmx96m -Xmn48m -XX:+UseSerialGC -XX:+IgnoreUnrecognizedVMOptions -XX:TrimNativeHeapInterval=5000"
if [ -r "$0.jsa" ]; then
  # Before JAVA_OPTS, so that a user's own -Xlog or -XX:SharedArchiveFile wins.
  exec "$JAVA" "-XX:SharedArchiveFile=$0.jsa" -Xlog:cds=off,cds+dynamic=off ${JAVA_OPTS:-$DEFAULT_OPTS} -jar "$0" "$@"
fi
exec "$JAVA" ${JAVA_OPTS:-$DEFAULT_OPTS} -jar "$0" "$@"
