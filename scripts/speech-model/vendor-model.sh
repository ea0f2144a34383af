#!/usr/bin/env bash
# Vendors the speech engine's acoustic model into apps/server/speech-model/en-us16/ and records
# where every file came from (PROVENANCE). Run by hand on a Debian machine when the model should
# change; the result is committed, so a fresh clone needs no system package to score speech.
#
#  - the 16 kHz US-English PTM acoustic model from Debian's `pocketsphinx-en-us` (BSD-2, see
#    COPYRIGHT), fetched with `apt-get download` (no root needed) and unpacked with dpkg-deb;
#  - soundswallower's own CMUdict (`dict.txt`), the same dictionary the bank checks words against;
#  - feat_params.json for the 16 kHz front end (speech-engine.md §1.1): 130–6800 Hz, 25 filters.
set -euo pipefail
cd "$(dirname "$0")/../.."

package=pocketsphinx-en-us
out=apps/server/speech-model/en-us16
dict=node_modules/soundswallower/model/en-us/dict.txt
[ -f "$dict" ] || { echo "run npm ci first ($dict is missing)" >&2; exit 1; }

work=$(mktemp -d /tmp/vendor-speech-model.XXXXXX)
trap 'rm -rf "$work"' EXIT
(cd "$work" && apt-get download "$package" >/dev/null)
deb=$(ls "$work"/"$package"_*.deb)
version=$(dpkg-deb -f "$deb" Version)
dpkg-deb -x "$deb" "$work/root"
src="$work/root/usr/share/pocketsphinx/model/en-us/en-us"

rm -rf "$out"
mkdir -p "$out"
for file in mdef means variances sendump transition_matrices; do
  cp "$src/$file" "$out/$file"
done
cp "$src/noisedict" "$out/noisedict.txt"
cp "$dict" "$out/dict.txt"
cp "$work/root/usr/share/doc/$package/copyright" "$out/COPYRIGHT"
cat >"$out/feat_params.json" <<'JSON'
{
  "lowerf": 130,
  "upperf": 6800,
  "nfilt": 25,
  "transform": "dct",
  "lifter": 22,
  "feat": "1s_c_d_dd",
  "svspec": "0-12/13-25/26-38",
  "cmn": "current",
  "varnorm": false,
  "remove_noise": true
}
JSON

soundswallower_version=$(node -p "require('./node_modules/soundswallower/package.json').version")
{
  echo "Acoustic model: Debian package $package $version (16 kHz US-English PTM, BSD-2, see COPYRIGHT)"
  echo "  files taken from /usr/share/pocketsphinx/model/en-us/en-us/ (noisedict renamed noisedict.txt)"
  echo "  sha256 of $(basename "$deb"): $(sha256sum "$deb" | cut -d' ' -f1)"
  echo "Dictionary: dict.txt from the soundswallower $soundswallower_version npm package (model/en-us, CMUdict)"
  echo "feat_params.json: written by scripts/speech-model/vendor-model.sh (speech-engine.md §1.1)"
  echo "Vendored: $(date -u +%Y-%m-%d)"
  echo
  echo "sha256 of each file:"
  (cd "$out" && sha256sum mdef means variances sendump transition_matrices noisedict.txt dict.txt feat_params.json COPYRIGHT)
} >"$out/PROVENANCE"
echo "vendored $package $version into $out ($(du -sh "$out" | cut -f1))"
