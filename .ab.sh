# usage: .ab.sh N targetA targetB ; prints median cpu ms of each
N=$1; A=$2; B=$3
for i in $(seq $N); do echo "A $(node .imp3.mjs $A)"; echo "B $(node .imp3.mjs $B)"; done | awk '{cpu[$1]=cpu[$1]" "$2; wall[$1]=wall[$1]" "$3} END{for (k in cpu) print k, cpu[k], "|", wall[k]}' | while read k rest; do c=$(echo "$rest" | cut -d'|' -f1 | tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'); w=$(echo "$rest" | cut -d'|' -f2 | tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'); echo "$k median cpu $c ms, wall $w ms"; done
