#!/bin/sh
# Builds target/cerulean-VERSION-linux-ARCH.tar.gz (launcher, jar, a Java runtime cut by jlink)
# and, where dpkg-deb is found, target/cerulean_VERSION_DEBARCH.deb of the same tree.
# Arguments: the JDK, the version, the runnable jar, the jlink modules, this module's directory,
# the README, the target directory.
set -eu
java_home=$1 version=$2 jar=$3 modules=$4 module_dir=$5 readme=$6 target=$7

if [ ! -f "$jar" ]; then
  echo "cerulean-dist: $jar is not built; build cerulean-app first (mvn -pl cerulean-app,cerulean-dist -am package)" >&2
  exit 1
fi
if [ ! -d "$java_home/jmods" ]; then
  echo "cerulean-dist: $java_home has no jmods (a JDK package of its own on some systems): no runtime, no distribution" >&2
  exit 0
fi
# The runtime is the build JDK's, for the machine the build runs on.
case $(uname -m) in
  x86_64|amd64) arch=x64 deb_arch=amd64 rocksdb_other=librocksdbjni-linux-aarch64.so ;;
  aarch64|arm64) arch=aarch64 deb_arch=arm64 rocksdb_other=librocksdbjni-linux64.so ;;
  *) echo "cerulean-dist: no distribution for $(uname -m)" >&2; exit 1 ;;
esac

name=cerulean-$version
tree=$target/$name
rm -rf "$tree" "$target/deb" "$target/$name-linux-$arch.tar.gz" "$target/cerulean_${version}_$deb_arch.deb"
mkdir -p "$tree/bin" "$tree/lib"

# --generate-cds-archive: the runtime's base class archive, which the JVM maps at every start.
"$java_home/bin/jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages \
  --compress=2 --generate-cds-archive --output "$tree/runtime" >/dev/null
sed "s/@VERSION@/$version/g" "$module_dir/src/dist/bin/cerulean" > "$tree/bin/cerulean"
chmod 755 "$tree/bin/cerulean"
cp "$jar" "$tree/lib/$name.jar"
# The jar carries RocksDB's library for every platform (63 MB of it compressed); the runtime is
# this one's, with glibc, so the others are dropped where zip is at hand.
if command -v zip >/dev/null 2>&1; then
  zip -q -d "$tree/lib/$name.jar" 'librocksdbjni-osx*' 'librocksdbjni-win*' 'librocksdbjni-*musl*' \
    'librocksdbjni-linux32*' 'librocksdbjni-linux-ppc64le*' 'librocksdbjni-linux-s390x*' \
    'librocksdbjni-linux-riscv64*' "$rocksdb_other"
else
  echo "cerulean-dist: zip is not on this machine; the jar keeps RocksDB's libraries for every platform" >&2
fi
cp "$readme" "$tree/README.md"
tar -C "$target" -czf "$target/$name-linux-$arch.tar.gz" "$name"

if ! command -v dpkg-deb >/dev/null 2>&1; then
  echo "cerulean-dist: dpkg-deb is not on this machine; no Debian package is built" >&2
  exit 0
fi
root=$target/deb
mkdir -p "$root/opt" "$root/usr/bin"
cp -a "$tree" "$root/opt/cerulean"
ln -s /opt/cerulean/bin/cerulean "$root/usr/bin/cerulean"
cp -a "$module_dir/src/deb/." "$root/"
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$deb_arch/" -e "s/@SIZE@/$size/" \
  "$module_dir/src/deb/DEBIAN/control" > "$root/DEBIAN/control"
chmod 755 "$root/DEBIAN/postinst" "$root/DEBIAN/prerm" "$root/DEBIAN/postrm"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/conffiles" "$root/etc/default/cerulean" \
  "$root/lib/systemd/system/cerulean.service"
# gzip: the jar and the runtime's modules are compressed already, and xz would take minutes more.
dpkg-deb --root-owner-group -Zgzip --build "$root" "$target/cerulean_${version}_$deb_arch.deb" >/dev/null
