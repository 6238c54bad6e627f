#!/usr/bin/env python3
# pngdiff.py -- do two PNG files show the same picture, give or take the
# anti-aliasing of another font renderer?  Python's standard library only:
# zlib inflates the image data, and the five PNG row filters are undone
# here.  Handles what rsvg-convert writes: 8 bits per channel, grey, RGB
# or RGBA, not interlaced.
#
#   pngdiff.py WANT.png GOT.png [WANT2.png GOT2.png ...]
#        exit 0 when each pair is alike, 1 (and why, for each pair) when not
#
# Alike: the same size, and at most 0.5% of the pixels differ by more than
# 64 (of 255) in some channel.
import sys
import zlib

def chunks(path):
    """The header and the inflated image data."""
    data = open(path, 'rb').read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        raise ValueError('%s is not a PNG file' % path)
    pos, idat, head = 8, b'', None
    while pos < len(data):
        n = int.from_bytes(data[pos:pos + 4], 'big')
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b'IHDR':
            head = body
        elif kind == b'IDAT':
            idat += body
        elif kind == b'IEND':
            break
    return head, zlib.decompress(idat)

def decode(head, raw, path):
    w, h = int.from_bytes(head[0:4], 'big'), int.from_bytes(head[4:8], 'big')
    depth, colour, interlace = head[8], head[9], head[12]
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace:
        raise ValueError('%s: only 8-bit grey, RGB or RGBA, not interlaced' % path)
    stride, bpp = w * channels, channels
    rows, prev, at = [], bytearray(stride), 0
    for _ in range(h):
        f, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return w, h, channels, rows

def main():
    status = 0
    for i in range(1, len(sys.argv) - 1, 2):
        status |= compare(sys.argv[i], sys.argv[i + 1])
    return status

def compare(want_path, got_path):
    try:
        a, b = chunks(want_path), chunks(got_path)
    except (OSError, ValueError, zlib.error) as e:
        print('%s: %s' % (got_path, e))
        return 1
    if a == b:                          # the same encoder: the same bytes
        return 0
    want, got = decode(a[0], a[1], want_path), decode(b[0], b[1], got_path)
    if want[:2] != got[:2]:
        print('%s: %dx%d, but %s is %dx%d' % (got_path, got[0], got[1], want_path, want[0], want[1]))
        return 1
    w, h = want[0], want[1]
    differ = 0
    for y in range(h):
        a, b = want[3][y], got[3][y]
        if a == b and want[2] == got[2]:
            continue
        for x in range(w):
            pa = rgba(a, x, want[2])
            pb = rgba(b, x, got[2])
            if max(abs(pa[k] - pb[k]) for k in range(4)) > 64:
                differ += 1
    if differ > w * h * 0.005:
        print('%s: %d of %d pixels differ from %s' % (got_path, differ, w * h, want_path))
        return 1
    return 0

def rgba(row, x, channels):
    p = row[x * channels:(x + 1) * channels]
    if channels == 1:
        return (p[0], p[0], p[0], 255)
    if channels == 2:
        return (p[0], p[0], p[0], p[1])
    if channels == 3:
        return (p[0], p[1], p[2], 255)
    return tuple(p)

if __name__ == '__main__':
    sys.exit(main())
